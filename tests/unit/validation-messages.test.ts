import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { textProblem } from '../../src/app/pages/account/field-rules';
import { schemaSentence } from '../../src/engine/core/schema-messages';
import { loginBodySchema } from '../../src/schemas/auth';
import { signUpBodySchema } from '../../src/schemas/sign-up';
import { validationFailure } from '../../src/server/plugins/validation';

const validate = new Ajv({ allErrors: true, coerceTypes: false }).compile(loginBodySchema);
const failureFor = (body: unknown) => {
  expect(validate(body)).toBe(false);
  return validationFailure(validate.errors ?? [], 'body', loginBodySchema);
};
const messageFor = (body: unknown) => failureFor(body).message;

describe('validation messages say which field and what to send, in the engine’s words', () => {
  it('names missing fields', () => {
    expect(messageFor({ UserId: 'a' })).toBe(
      'Invalid request body: Password is required; ApplicationCode is required.',
    );
  });
  it('names unknown fields', () => {
    expect(messageFor({ UserId: 'a', Password: 'b', ApplicationCode: 'c', Admin: true })).toBe(
      'Invalid request body: Admin is not a field of this request: leave it out.',
    );
  });
  it('names wrong types and oversize values', () => {
    expect(messageFor({ UserId: 42, Password: 'b'.repeat(201), ApplicationCode: '' })).toBe(
      'Invalid request body: UserId must be text; Password can have at most 200 characters; ApplicationCode is required.',
    );
  });
  it('names the body itself when it is not an object', () => {
    expect(messageFor([])).toBe('Invalid request body: The request body must be an object.');
  });
  it('lists each problem with its field, sentence and keyword', () => {
    expect(failureFor({ UserId: 42, Password: 'b' }).errors).toEqual([
      { field: 'ApplicationCode', message: 'ApplicationCode is required.', ruleId: 'schema.required' },
      { field: 'UserId', message: 'UserId must be text.', ruleId: 'schema.type' },
    ]);
  });
});

describe('the engine’s sentences', () => {
  it('say which values an enum allows, while they are few', () => {
    expect(schemaSentence('enum', 'Extendable', { allowedValues: ['All', 'Yes', 'No'] })).toBe(
      'Extendable must be one of All, Yes or No.',
    );
    expect(schemaSentence('enum', 'Flag', { allowedValues: [true] })).toBe('Flag must be true.');
    const many = Array.from({ length: 200 }, (_, i) => `Value${i}`);
    expect(schemaSentence('enum', 'Code', { allowedValues: many })).toBe(
      'Code must be one of the offered values.',
    );
  });
  it('say what format a pattern wants when its schema describes it', () => {
    expect(
      schemaSentence('pattern', 'SCAC', {}, { description: 'Standard Carrier Alpha Code: 2 to 4 letters.' }),
    ).toBe('SCAC is not in the expected format (Standard Carrier Alpha Code: 2 to 4 letters).');
    expect(schemaSentence('pattern', 'Code', {})).toBe('Code is not in the expected format.');
  });
  it('name every type of a nullable field', () => {
    expect(schemaSentence('type', 'Note', { type: 'string,null' })).toBe('Note must be text or null.');
  });
});

describe('one wording on both sides of the account forms', () => {
  const check = new Ajv({ allErrors: true, strict: false }).compile(signUpBodySchema);
  const serverSays = (field: 'SCAC' | 'UserName', value: string) => {
    const body = { [field]: value };
    expect(check(body)).toBe(false);
    const failure = validationFailure(check.errors ?? [], 'body', signUpBodySchema);
    return failure.errors.find((e) => e.field === field)?.message;
  };
  it.each([
    ['SCAC', 'TOOLONG'],
    ['UserName', 'x'],
    ['UserName', 'u'.repeat(51)],
    ['UserName', 'bad name!'],
  ] as const)('the form says what the server says of %s %s', (field, value) => {
    const said = serverSays(field, value);
    expect(said).toMatch(
      new RegExp(`^${field} (is not in the expected format|needs at least|can have at most)`),
    );
    expect(textProblem(field, value, signUpBodySchema.properties[field])).toBe(said);
  });
});
