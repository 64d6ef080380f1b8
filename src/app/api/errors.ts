import { ACCOUNT_NOT_ACTIVE_CODE, type ErrorMessageRecord } from '../../domain/messages';

/**
 * SPEC §8: the one shape every failed call takes on the client. `message` follows the central
 * reduction (error field, body text, status text, 'Unknown Error'); `requestId` comes from the
 * response's request-identifier header; `body` is kept for callers that read another field (the
 * login page reads `message`, SPEC §8).
 */
export class ApiError extends Error implements ErrorMessageRecord {
  readonly requestId: string | null;
  readonly status: number;
  readonly body: unknown;

  constructor(message: string, status: number, requestId: string | null, body: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.requestId = requestId;
    this.body = body;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

/** SPEC §4/§8: the server refused the call because the account was deactivated. */
export const isNotActiveError = (e: unknown): boolean =>
  isApiError(e) &&
  e.status === 401 &&
  (e.body as { code?: unknown } | null)?.code === ACCOUNT_NOT_ACTIVE_CODE;
