import { INVALID_EMAIL_TEXT, isValidEmail, passwordPolicyProblems } from '../../../schemas/account';

/** The part of a string field's JSON Schema the forms check before sending (src/schemas/account.ts). */
export interface TextSchema {
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  description?: string;
}

/**
 * What is wrong with a typed value under its field's schema, in words for the user; null when
 * nothing. The server checks the same schema: these messages only spare the user a round trip.
 */
export function textProblem(
  label: string,
  value: string,
  schema: TextSchema,
  required = true,
): string | null {
  const v = value.trim();
  if (!v) return required ? `${label} is required.` : null;
  if (schema.minLength !== undefined && v.length < schema.minLength) {
    return `${label} must be at least ${schema.minLength} characters.`;
  }
  if (schema.maxLength !== undefined && v.length > schema.maxLength) {
    return `${label} must be at most ${schema.maxLength} characters.`;
  }
  if (schema.pattern && !new RegExp(schema.pattern).test(v)) {
    return schema.description ? `${label}: ${schema.description}` : `${label} is not valid.`;
  }
  return null;
}

/** SPEC §8: 'Invalid email address'. */
export function emailProblem(value: string, schema: TextSchema): string | null {
  return textProblem('Email', value, schema) ?? (isValidEmail(value) ? null : INVALID_EMAIL_TEXT);
}

/** The password policy's problems as one message, or null. */
export function newPasswordProblem(password: string, userName?: string | null): string | null {
  if (!password) return 'New password is required.';
  const problems = passwordPolicyProblems(password, userName);
  return problems.length ? problems.join(' ') : null;
}

export const PASSWORDS_DIFFER_TEXT = 'The new password and its confirmation do not match.';

export function confirmProblem(password: string, confirmation: string): string | null {
  if (!confirmation) return 'Confirm the new password.';
  return password === confirmation ? null : PASSWORDS_DIFFER_TEXT;
}
