import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { type MailRetry, mailJobs } from './adapters/mail/dispatcher.ts';
import type { MailTransport } from './adapters/mail/transport.ts';
import type { PaymentProvider } from './adapters/payments/payments.ts';
import { smsJobs } from './adapters/sms/dispatcher.ts';
import type { SmsProvider } from './adapters/sms/twilio.ts';
import type { Database } from './db/client.ts';
import { handoverJobs } from './features/consent/handover.routes.ts';
import { closureJobs } from './features/data-rights/closure-job.ts';
import { exportJobs } from './features/data-rights/exports.service.ts';
import { renewalJobs } from './features/orders/renewals.ts';
import { reminderJobs } from './features/reminders/index.ts';
import { mailoutJobs } from './features/staff-studies/mailouts.service.ts';
import { type JobQueue, startJobQueue } from './lib/job-queue.ts';

export type JobsPluginOptions = {
  database: Database;
  payments: PaymentProvider;
  /** Delivers the outbox; null leaves mail in the outbox (no SMTP_URL). */
  mailTransport: MailTransport | null;
  /** Sends texts; null leaves them in the SMS outbox (no Twilio keys). */
  smsProvider: SmsProvider | null;
  /**
   * true: this instance works the queues from onReady until close. false (tests): the queue is installed
   * in onReady (mail is queued in the transactions of changes), but no worker and no timer runs.
   */
  work: boolean;
  mailRetry?: MailRetry;
  /** How often idle workers poll (seconds, at least 0.5). */
  pollingIntervalSeconds?: number;
};

/**
 * Background work (decision 031): outbox delivery and subscription renewals run as jobs of one queue.
 * Later features add their job definitions to the list below and send jobs with `app.jobs.send`.
 */
const jobsPlugin: FastifyPluginAsync<JobsPluginOptions> = async (app, options) => {
  const { database, payments, mailTransport, smsProvider, work, mailRetry, pollingIntervalSeconds } = options;
  const definitions = [
    ...mailJobs(database.db, mailTransport, {
      log: app.log,
      ...(mailRetry ? { retry: mailRetry } : {}),
      ...(pollingIntervalSeconds ? { pollingIntervalSeconds } : {}),
    }),
    ...smsJobs(database.db, smsProvider, { log: app.log }),
    ...renewalJobs(app.ctx, payments, app.log),
    ...mailoutJobs(app.ctx, app.log),
    ...exportJobs(app.ctx, app.log),
    ...reminderJobs(app.ctx, app.log),
    ...handoverJobs(app.ctx),
    ...closureJobs(app.ctx, payments, {
      log: app.log,
      eraseDeliveredMail: mailTransport !== null,
      vacuum: database.kind === 'pglite',
    }),
  ];

  let started: Promise<JobQueue> | undefined;
  let running: JobQueue | undefined;
  const queue = (withWorkers = false) => {
    started ??= startJobQueue(database, definitions, { log: app.log, work: withWorkers }).then((q) => {
      running = q;
      return q;
    });
    return started;
  };
  /**
   * A job sent inside a transaction needs the queue already installed: installing it then would wait
   * for the embedded database's one connection, which the transaction holds, for ever. Say so at once.
   */
  const inTransaction = () => {
    if (running) return running;
    throw new Error('the job queue has not started: await app.jobs.ready() before the transaction');
  };
  const facade: JobQueue = {
    send: async (name, data, sendOptions) =>
      (sendOptions?.tx ? inTransaction() : await queue()).send(name, data, sendOptions),
    insert: async (name, jobs, tx) => (tx ? inTransaction() : await queue()).insert(name, jobs, tx),
    list: async (filter) => (await queue()).list(filter),
    ready: async () => {
      await queue();
    },
    stop: async (timeoutMs) => {
      if (started) await (await started).stop(timeoutMs);
    },
  };
  app.decorate('jobs', facade);
  // Services queue mail through the context (adapters/mail/outbox.ts queueMail).
  app.ctx.jobs = facade;

  // Mail is queued in the transactions of requests, so the queue is installed before the first request.
  app.addHook('onReady', async () => {
    await queue(work);
  });
  app.addHook('onClose', async () => {
    // A queue that failed to start has nothing to stop.
    const running = await started?.catch(() => undefined);
    // Jobs in progress get 5 s to finish (server.ts has 10 s in all); one cut short is retried later.
    await running?.stop(5_000);
    mailTransport?.close?.();
  });
};

export default fp(jobsPlugin, { name: 'jobs' });
