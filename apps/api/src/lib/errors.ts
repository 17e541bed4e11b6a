import { AUTH_MESSAGES, ERROR_CODES } from '@portal/domain';

/**
 * A failure a person can act on; the error handler turns it into `{message, code, fields?}`, plus
 * `more` when the route's 400 schema names more (a refused answer's progress).
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
    readonly more?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const invalid = (
  message: string,
  fields?: Record<string, string>,
  code: string = ERROR_CODES.validation,
  more?: Record<string, unknown>,
) => new AppError(400, code, message, fields, undefined, more);
export const unauthorized = (
  message = 'Please sign in to continue.',
  code: string = ERROR_CODES.unauthorized,
) => new AppError(401, code, message);
/** A token that does not open a session: bad, expired, or of an account that no longer exists. */
export const sessionExpired = () => unauthorized(AUTH_MESSAGES.sessionExpired, ERROR_CODES.unauthorized);
export const forbidden = (
  message = 'You do not have permission to do that.',
  code: string = ERROR_CODES.forbidden,
) => new AppError(403, code, message);
export const notFound = (message = 'We could not find what you asked for.') =>
  new AppError(404, ERROR_CODES.notFound, message);
export const conflict = (message: string) => new AppError(409, ERROR_CODES.conflict, message);
export const tooMany = (message: string, code: string, retryAfterSeconds: number) =>
  new AppError(429, code, message, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
