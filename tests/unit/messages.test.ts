import { describe, expect, it } from 'vitest';
import {
  classifyLoginFailure,
  lockoutPageText,
  lockoutServerMessage,
  reduceErrorMessage,
  UNKNOWN_ERROR,
} from '../../src/domain/messages';

describe('error-message reduction (SPEC §8)', () => {
  it('prefers the error field of the body', () => {
    expect(reduceErrorMessage({ error: 'Location is closed', message: 'x' }, 'Bad Request')).toBe(
      'Location is closed',
    );
  });
  it('falls back to the body as text', () => {
    expect(reduceErrorMessage('Upstream said no', 'Bad Gateway')).toBe('Upstream said no');
    expect(reduceErrorMessage({ detail: 'x' }, 'Bad Request')).toBe('{"detail":"x"}');
  });
  it('then the status text, then Unknown Error', () => {
    expect(reduceErrorMessage(undefined, 'Service Unavailable')).toBe('Service Unavailable');
    expect(reduceErrorMessage('', '')).toBe(UNKNOWN_ERROR);
    expect(reduceErrorMessage({}, undefined)).toBe(UNKNOWN_ERROR);
  });
});

describe('login failure text (SPEC §8)', () => {
  it('recognises an invalid user name or password', () => {
    expect(classifyLoginFailure('Invalid UserName/Password. Please try again.')).toEqual({ kind: 'invalid' });
  });
  it('reads the lockout minutes between the !* markers of the server message', () => {
    const message = lockoutServerMessage(15);
    expect(message).toContain('account has been locked');
    expect(message.split('!*')[1]).toBe('15');
    expect(classifyLoginFailure(message)).toEqual({ kind: 'locked', minutes: '15' });
  });
  it('shows the page text around the Reset Password link', () => {
    expect(lockoutPageText('7')).toEqual({
      before: 'Your account has been locked, please wait 7 minutes for the account to unlock or',
      after: 'to unlock your account now',
    });
  });
  it('passes any other text through', () => {
    expect(classifyLoginFailure('Service down')).toEqual({ kind: 'other', text: 'Service down' });
  });
});
