import { describe, expect, it } from 'vitest';
import { isChassisIdFormat, isProviderPrefix, normalizeChassisId } from '../../src/domain/equipment';

describe('chassis ID format (SPEC §5: four letters plus six digits, with or without a hyphen)', () => {
  it.each(['PLCZ123456', 'PLCZ-123456', 'plcz123456', ' TRAZ000001 '])('accepts %s', (id) => {
    expect(isChassisIdFormat(id)).toBe(true);
  });
  it.each(['PLC123456', 'PLCZ12345', 'PLCZ1234567', 'PLCZ--123456', 'PLCZ_123456', '1234PLCZ56', ''])(
    'refuses %s',
    (id) => {
      expect(isChassisIdFormat(id)).toBe(false);
    },
  );
  it('normalises to upper case without the hyphen', () => {
    expect(normalizeChassisId(' plcz-123456 ')).toBe('PLCZ123456');
  });
  it('tells our prefixes from another provider’s', () => {
    expect(isProviderPrefix('PLCZ-123456')).toBe(true);
    expect(isProviderPrefix('TRAZ123456')).toBe(false);
  });
});
