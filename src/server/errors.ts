import { ACCOUNT_NOT_ACTIVE_CODE, ACCOUNT_NOT_ACTIVE_TEXT } from '../domain/messages';

/** A failure the user can act on: the route answers with its status and message, never a 500. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const unauthorized = (message = 'Your session has expired or is not valid. Please sign in again.') =>
  new AppError(401, message, 'UNAUTHORIZED');
/** Issue 27: a deactivated account, on any call (the client sends the user to account validation). */
export const accountNotActive = () => new AppError(401, ACCOUNT_NOT_ACTIVE_TEXT, ACCOUNT_NOT_ACTIVE_CODE);
export const forbidden = (message = 'You do not have permission to do this.') =>
  new AppError(403, message, 'FORBIDDEN');
export const notFound = (message = 'Not found.') => new AppError(404, message, 'NOT_FOUND');

/** The part of a request's logger that after-the-commit work (mail, hub events, file streams) needs. */
export interface ErrorLog {
  error(details: object, message: string): void;
  info(details: object, message: string): void;
}
