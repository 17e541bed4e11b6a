import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { ERROR_CODES } from '@portal/domain';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';

type Handler = (request: http.IncomingMessage, response: http.ServerResponse) => void;

/**
 * What the server answers until the app is ready (database reached, migrations applied, job queue
 * started; however long that takes): alive, not ready, and every route says so.
 */
const starting: Handler = (request, response) => {
  const path = (request.url ?? '/').split('?')[0];
  const [status, body] =
    path === '/healthz'
      ? [200, { status: 'ok' }]
      : [
          503,
          {
            message:
              'The portal is starting (its database or job queue is not ready yet). Please try again in a moment.',
            code: ERROR_CODES.unavailable,
          },
        ];
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...(status === 503 ? { 'retry-after': '5' } : {}),
  });
  response.end(JSON.stringify(body));
};

/**
 * The HTTP server, listening before the database is ready so that a load balancer or orchestrator sees
 * the process alive (/healthz 200) but not ready (/readyz 503) while the database is awaited. The app is
 * built on this same server (Fastify's serverFactory) and takes over its requests at handOver(), so no
 * connection is refused in between.
 */
export async function listenEarly(port: number, host: string) {
  let handler: Handler = starting;
  let appHandler: Handler | null = null;
  const server = http.createServer((request, response) => handler(request, response));
  // As Fastify sets its own servers: longer than the usual load balancer idle timeout of 60 s.
  server.keepAliveTimeout = 72_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    server,
    /** For buildApp: the app answers on this server once handed over. */
    serverFactory: (fastifyHandler: Handler) => {
      appHandler = fastifyHandler;
      return server;
    },
    handOver() {
      if (appHandler) handler = appHandler;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}

/**
 * Opens the database, and on PostgreSQL retries with backoff (0.5 s doubling up to 2 s) for up to
 * DATABASE_WAIT_SECONDS, logging the reason of each failure: a database that starts a little after the
 * app (a restart, a deploy, a failover) must not take the app down with it. The embedded database is
 * local, so its failures (a folder in use) are final at once.
 */
export async function openDatabaseWithRetry(
  config: Config,
  log: Logger,
  signal?: AbortSignal,
): Promise<Database> {
  if (!config.databaseUrl) return openDatabase(config);
  const target = describeTarget(config.databaseUrl);
  const deadline = Date.now() + config.databaseWaitSeconds * 1000;
  let delay = 500;
  for (let attempt = 1; ; attempt++) {
    try {
      const database = await openDatabase(config);
      if (attempt > 1) log.warn(`database reached at ${target} after ${attempt} attempts`);
      return database;
    } catch (error) {
      const reason = reasonOf(error);
      const wait = Math.min(delay, deadline - Date.now());
      if (wait <= 0)
        throw new Error(
          `gave up waiting for the database after ${config.databaseWaitSeconds} s (${attempt} attempts, PostgreSQL at ${target}): ${reason}`,
        );
      log.warn(
        `database not reachable (attempt ${attempt}, PostgreSQL at ${target}): ${reason}; retrying in ${wait / 1000} s`,
      );
      await sleep(wait, undefined, { signal });
      delay = Math.min(delay * 2, 2000);
    }
  }
}

/** host:port/database, without the credentials, for the log. */
function describeTarget(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/**
 * A failure in words. node-postgres reports a refused connection to a host with several addresses as an
 * AggregateError whose own message is empty (which is how the cause used to go missing), and drizzle
 * wraps a failed statement in an error whose message is the statement: the underlying errors say more.
 */
export function reasonOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length)
    return [...new Set(error.errors.map(reasonOf))].join('; ');
  if (!error || typeof error !== 'object') return String(error);
  const { message, code, cause } = error as { message?: string; code?: string; cause?: unknown };
  const text = message?.trim() || code || error.constructor.name;
  if (!cause) return text;
  return `${reasonOf(cause)} (in ${text.split('\n')[0]?.slice(0, 80)})`;
}
