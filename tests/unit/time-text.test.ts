import { describe, expect, it } from 'vitest';
import { agoText, utcText } from '../../src/server/domain/time-text';

describe('agoText (issue 25: a time in a message needs no zone)', () => {
  const now = new Date('2026-11-26T20:00:00Z');
  it.each([
    ['2026-11-26T19:59:30Z', 'moments ago'],
    ['2026-11-26T19:59:00Z', '1 minute ago'],
    ['2026-11-26T19:17:00Z', '43 minutes ago'],
    ['2026-11-26T18:00:00Z', '2 hours ago'],
    ['2026-11-25T19:00:00Z', '1 day ago'],
  ])('%s is %s', (when, text) => {
    expect(agoText(when, now)).toBe(text);
  });
});

it('utcText names the zone and reads as the portal writes dates', () => {
  expect(utcText('2026-11-26T20:41:00Z')).toBe('Nov 26, 2026, 8:41 PM UTC');
});
