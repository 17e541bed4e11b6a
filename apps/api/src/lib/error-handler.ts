import { ERROR_CODES } from '@portal/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors.ts';

const GENERIC_INVALID = 'Please correct the highlighted fields.';
const UNAVAILABLE = 'The service is briefly unavailable. Please try again in a moment.';
/** Socket errors and PostgreSQL's connection and shutdown classes (08, 57P). */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH']);
const UNREACHABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly/i;

/** Whether a failure (or what caused it) is the database being out of reach rather than a bug. */
function isDatabaseUnreachable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || /^(08|57P)/.test(code))) return true;
  if (typeof message === 'string' && UNREACHABLE_MESSAGE.test(message)) return true;
  return isDatabaseUnreachable(cause, depth + 1);
}

/** Maps every failure to `{message, code, fields?}`; 5xx details stay in the log. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.code(error.statusCode).send({
        message: error.message,
        code: error.code,
        ...(error.fields ? { fields: error.fields } : {}),
        ...error.more,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fields[key] ??= issue.message ?? GENERIC_INVALID;
      }
      const messages = Object.values(fields);
      const message = messages.length === 1 ? (messages[0] as string) : GENERIC_INVALID;
      return reply.code(400).send({ message, code: ERROR_CODES.validation, fields });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.code(429).send({ message: error.message, code: ERROR_CODES.rateLimited });
    }
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'The request body is not valid JSON.'
          : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'The request is too large.'
            : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? 'This content type is not supported; send JSON.'
              : error.message;
      return reply
        .code(status)
        .send({ message, code: status === 404 ? ERROR_CODES.notFound : ERROR_CODES.validation });
    }
    if (isDatabaseUnreachable(error)) {
      request.log.warn({ err: error }, 'database unreachable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ message: UNAVAILABLE, code: ERROR_CODES.unavailable });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(status >= 500 ? status : 500).send({
      message: 'Something went wrong on our side. Please try again later.',
      code: ERROR_CODES.internal,
    });
  });
}
