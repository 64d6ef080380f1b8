import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { loginBodySchema } from '../../src/schemas/auth';
import { formatValidationErrors } from '../../src/server/plugins/validation';

const validate = new Ajv({ allErrors: true, coerceTypes: false }).compile(loginBodySchema);
const messageFor = (body: unknown) => {
  expect(validate(body)).toBe(false);
  return formatValidationErrors(validate.errors ?? [], 'body');
};

describe('validation messages say which field and what to send', () => {
  it('names missing fields', () => {
    expect(messageFor({ UserId: 'a' })).toBe(
      'Invalid request body: Password is required; ApplicationCode is required.',
    );
  });
  it('names unknown fields', () => {
    expect(messageFor({ UserId: 'a', Password: 'b', ApplicationCode: 'c', Admin: true })).toBe(
      "Invalid request body: Unknown field 'Admin' in the request body.",
    );
  });
  it('names wrong types and oversize values', () => {
    expect(messageFor({ UserId: 42, Password: 'b'.repeat(201), ApplicationCode: '' })).toBe(
      'Invalid request body: UserId must be of type string; Password must be at most 200 characters; ApplicationCode must not be empty.',
    );
  });
});
