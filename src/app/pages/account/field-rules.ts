import { schemaSentence } from '../../../engine/core/schema-messages';
import { INVALID_EMAIL_TEXT, isValidEmail, passwordPolicyProblems } from '../../../schemas/account';

/** The part of a string field's JSON Schema the forms check before sending (src/schemas/account.ts). */
export type TextSchema = {
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  description?: string;
};

/**
 * What is wrong with a typed value under its field's schema, in the engine's words (issue 26: the
 * sentence a flow form and the server's 400 say for the same keyword); null when nothing. The
 * server checks the same schema: these messages only spare the user a round trip.
 */
export function textProblem(
  label: string,
  value: string,
  schema: TextSchema,
  required = true,
): string | null {
  const v = value.trim();
  const say = (keyword: string, limit?: number) => schemaSentence(keyword, label, { limit }, schema);
  if (!v) return required ? say('required') : null;
  if (schema.minLength !== undefined && v.length < schema.minLength)
    return say('minLength', schema.minLength);
  if (schema.maxLength !== undefined && v.length > schema.maxLength)
    return say('maxLength', schema.maxLength);
  if (schema.pattern && !new RegExp(schema.pattern).test(v)) return say('pattern');
  return null;
}

/** SPEC §8: 'Invalid email address'. */
export function emailProblem(value: string, schema: TextSchema): string | null {
  return textProblem('Email', value, schema) ?? (isValidEmail(value) ? null : INVALID_EMAIL_TEXT);
}

/** The password policy's problems as one message, or null. */
export function newPasswordProblem(password: string, userName?: string | null): string | null {
  if (!password) return schemaSentence('required', 'New password', {});
  const problems = passwordPolicyProblems(password, userName);
  return problems.length ? problems.join(' ') : null;
}

export const PASSWORDS_DIFFER_TEXT = 'The new password and its confirmation do not match.';

export function confirmProblem(password: string, confirmation: string): string | null {
  if (!confirmation) return 'Confirm the new password.';
  return password === confirmation ? null : PASSWORDS_DIFFER_TEXT;
}
