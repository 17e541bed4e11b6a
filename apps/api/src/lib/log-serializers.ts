import type { FastifyRequest } from 'fastify';
import pino from 'pino';

/**
 * What the request log may keep of a URL. Links carry credentials and personal data: the emailed
 * verification and reset tokens (`/verify-email?<token>`), the unsubscribe token, address searches
 * (`q=`), the outbox filter (`to=`), the mailbox key, a candidate's consent link (a UUID in the path)
 * and the public forms' kit ids. So every query value is dropped (its key kept when it is a plain
 * name), and every path segment that is not a plain word or a number is replaced: a rule by shape, not
 * a list of routes, so routes added later are covered without anyone remembering to.
 */
export function redactUrl(url: string, routeUrl?: string): string {
  const mark = url.indexOf('?');
  const path = mark < 0 ? url : url.slice(0, mark);
  // A route without parameters (a static file, /api/auth/login) holds nothing the client chose.
  const safePath = path === routeUrl ? path : path.split('/').map(plainOrHidden).join('/');
  if (mark < 0) return safePath;
  const keys = url
    .slice(mark + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const key = pair.split('=')[0] ?? '';
      return PLAIN_KEY.test(key) ? `${key}=~` : '~';
    });
  return `${safePath}?${keys.join('&')}`;
}

/** A lowercase word (hyphens, an optional extension) or a number: route names, ids, survey types. */
const PLAIN_SEGMENT = /^(\d{1,12}|[a-z][a-z-]{0,40}(\.[a-z0-9]{1,8})?)$/;
/** A query parameter's name; a bare token (`?<token>`) is too long or has digits. */
const PLAIN_KEY = /^[a-z][a-zA-Z-]{0,29}$/;
const plainOrHidden = (segment: string) => (segment === '' || PLAIN_SEGMENT.test(segment) ? segment : '~');

/** The request as logged: Fastify's default fields, with the URL redacted. */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url, request.routeOptions?.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Errors as logged: pino's standard serializer, without the values of a failed statement. Drizzle keeps
 * them on the error and writes them into its message (`Failed query: ...\nparams: ...`), and PostgreSQL
 * quotes a value it refuses in its own message; they are people's emails, names and answers. The
 * statement stays, for the diagnosis. Short numbers stay too (ids; replacing them would garble the
 * stack's line numbers).
 */
export function errorForLog(error: Error) {
  const serialized = pino.stdSerializers.err(error) as ReturnType<typeof pino.stdSerializers.err> & {
    params?: unknown;
  };
  const params = (error as { params?: unknown }).params;
  if (!Array.isArray(params)) return serialized;
  const values = [String(params), ...params.map(String)].filter(
    (value) => value.length >= 3 && !/^\d{1,5}$/.test(value),
  );
  const hide = (text: string) => values.reduce((out, value) => out.split(value).join('~'), text);
  serialized.params = '~';
  serialized.message = hide(serialized.message);
  serialized.stack = hide(serialized.stack);
  return serialized;
}
