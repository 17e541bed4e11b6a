import './node-version.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import closeWithGrace from 'close-with-grace';
import pino from 'pino';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { mailboxLink } from './features/dev/mailbox.routes.ts';
import { listenEarly, openDatabaseWithRetry, reasonOf } from './startup.ts';

const config = loadConfig();
// The app's own logger exists once the app is built; until then this one reports the start.
const log = pino({ level: config.logLevel });
const http = await listenEarly(config.port, config.host).catch((error: Error) => {
  log.fatal(`cannot listen on ${config.host}:${config.port}: ${reasonOf(error)}`);
  process.exit(1);
});

const stopping = new AbortController();
let stop = async () => {
  stopping.abort();
  await http.close();
};
// The grace period, then up to 7 s of draining and the closing: past that the process exits anyway.
closeWithGrace({ delay: (config.shutdownGraceSeconds + 10) * 1000 }, async ({ signal, err }) => {
  if (err) log.error({ err }, 'shutting down after an error');
  else log.info({ signal }, 'shutting down');
  await stop();
});

const database: Database = await openDatabaseWithRetry(config, log, stopping.signal).catch((error: Error) => {
  // A stop asked for while waiting is not a failure; closeWithGrace ends the process.
  if (stopping.signal.aborted) return new Promise<never>(() => {});
  log.fatal(reasonOf(error));
  process.exit(1);
});
// The server process works its queues in every environment, the browser journeys' NODE_ENV=test
// included (exports, closures); buildApp's default of no workers is for in-process test apps.
const app = await buildApp(config, database, { serverFactory: http.serverFactory, workJobs: true });
await app.ready();
http.handOver();
stop = async () => {
  // /readyz answers 503 at once and everything else is served as usual for SHUTDOWN_GRACE_SECONDS, so a
  // load balancer has moved away before anything is refused. Then new requests get 503 while those in
  // progress finish, and the job queue stops taking jobs and lets the running ones finish meanwhile;
  // then the port closes and the database after it.
  app.leave();
  // Without a grace period the drain begins in this same turn, before any request read after the signal.
  if (config.shutdownGraceSeconds > 0) await sleep(config.shutdownGraceSeconds * 1000);
  await Promise.all([app.drain(7_000, 1_000), app.jobs.stop(7_000)]);
  await Promise.all([app.close(), http.close()]);
  await database.close();
};

log.info(
  `${config.brandName} portal (${config.appType}) on ${config.publicUrl} using ${database.kind === 'pglite' ? `the embedded database in ${config.dataDir}` : 'PostgreSQL'}`,
);
// Without SMTP every email stays in the outbox: one link, carrying the mailbox key (as Jupyter prints
// its token link), opens it in a browser; the page shows nothing to anyone without the key.
if (!config.smtpUrl && config.env !== 'production')
  log.info(
    `emails stay in the outbox (no SMTP_URL); read them at ${mailboxLink(config.publicUrl, app.ctx.opsKey)}`,
  );
