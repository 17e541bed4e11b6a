import Fastify, { type FastifyServerFactory } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { MailRetry } from './adapters/mail/dispatcher.ts';
import { type MailTransport, smtpTransport } from './adapters/mail/transport.ts';
import { embeddedPayments } from './adapters/payments/embedded.ts';
import type { PaymentProvider } from './adapters/payments/payments.ts';
import { stripePayments } from './adapters/payments/stripe.ts';
import { closePdfPool } from './adapters/pdf/pdf-pool.ts';
import { SMS_STATUS_PATH, type SmsProvider, twilioProvider } from './adapters/sms/twilio.ts';
import { type Config, fastifyTrustProxy, setSpeedLayersOff } from './config.ts';
import type { Database } from './db/client.ts';
import { forgetJourneys } from './features/reports/index.ts';
import jobs from './jobs.ts';
import { type AppContext, jobsNotRegistered } from './lib/context.ts';
import { errorForLog, requestForLog } from './lib/log-serializers.ts';
import { persistentSecret } from './lib/secrets.ts';
import errorHandling from './plugins/error-handling.ts';
import rateLimits from './plugins/rate-limits.ts';
import securityHeaders from './plugins/security-headers.ts';
import shutdown from './plugins/shutdown.ts';
import swagger from './plugins/swagger.ts';
import routes from './routes.ts';
import webApp, { type PageRenderer } from './web-app.ts';

export type BuildOptions = {
  /** Overrides for tests; by default read from settings or kept in DATA_DIR. */
  jwtSecret?: string;
  opsKey?: string;
  /** Delivers the outbox; by default SMTP when SMTP_URL is set, else mail stays in the outbox. */
  mailTransport?: MailTransport;
  /** Sends texts; by default Twilio when its keys are set, else texts stay in the SMS outbox. */
  smsProvider?: SmsProvider | null;
  /** Folder of the built web app; by default apps/web/dist. */
  webDist?: string;
  /** Draws the sign-in page on the server; by default the web build's dist-server/server-render.js. */
  renderPage?: PageRenderer | null;
  /** Card payments; by default Stripe when STRIPE_SECRET_KEY is set, else the embedded test provider. */
  payments?: PaymentProvider;
  /** The HTTP server to answer on: server.ts listens before the database is ready (startup.ts). */
  serverFactory?: FastifyServerFactory;
  /** Where the log goes; by default standard output (tests read it back). */
  logStream?: DestinationStream;
  /**
   * Work the job queue (jobs.ts); by default everywhere but in tests, where the queue is
   * installed (mail is queued with it) but no worker runs.
   */
  workJobs?: boolean;
  /** Mail retries and the workers' polling interval, for tests of the queue. */
  jobTuning?: { mailRetry?: MailRetry; pollingIntervalSeconds?: number };
  /** The time the app reads for time-bound rules (AppContext.now); tests inject one. */
  clock?: () => Date;
};

/** The API and the web app: each concern is a plugin of its own, registered in this order. */
export async function buildApp(config: Config, database: Database, options: BuildOptions = {}) {
  // Every layer on, unless bench/ab.ts turned one off (BENCH_LAYERS_OFF, never in production).
  setSpeedLayersOff(config.speedLayersOff);
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-ops-key"]'],
            // URLs and failed statements carry tokens and personal data (lib/log-serializers.ts).
            serializers: { req: requestForLog, err: errorForLog },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    bodyLimit: 1024 * 1024,
    // request.ip (every per-address limit) believes X-Forwarded-For only from the proxies TRUST_PROXY names.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Start-up work (the job queue's schema in an onReady hook) may be slow on a busy host; a slow start
    // must not be a failed one. /readyz stays 503 until it is done (startup.ts).
    pluginTimeout: 0,
    // While closing, new requests get 503 and in-flight ones finish.
    return503OnClosing: true,
    ...(options.serverFactory ? { serverFactory: options.serverFactory } : {}),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Responses written by zod's encode from each route's schema: only declared properties are sent. The
  // compiled serializers of decision 013 bought 1 % in the quiet A/B of decision 067 and were removed.
  app.setSerializerCompiler(serializerCompiler);

  const ctx: AppContext = {
    config,
    db: database.db,
    jwtSecret: options.jwtSecret ?? config.jwtSecret ?? persistentSecret(config.dataDir, 'jwt.secret'),
    opsKey: options.opsKey ?? config.opsKey ?? persistentSecret(config.dataDir, 'ops.key'),
    mail: { brand: config.brandName, publicUrl: config.publicUrl, supportEmail: config.supportEmail },
    jobs: jobsNotRegistered,
    ...(options.clock ? { now: options.clock } : {}),
  };
  app.decorate('ctx', ctx);
  // Report PDFs are drawn on worker threads (adapters/pdf/pdf-pool.ts); they end with the app.
  app.addHook('onClose', closePdfPool);
  // Journeys kept in memory under their key (features/reports/journey.service.ts) end with it too.
  app.addHook('onClose', async () => forgetJourneys());
  const payments =
    options.payments ??
    (config.stripeSecretKey ? stripePayments(config.stripeSecretKey) : embeddedPayments(ctx.db));
  const mailTransport =
    options.mailTransport ?? (config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : null);
  const smsProvider =
    options.smsProvider !== undefined
      ? options.smsProvider
      : config.twilio
        ? twilioProvider(config.twilio, `${config.publicUrl}${SMS_STATUS_PATH}`)
        : null;

  await app.register(errorHandling);
  await app.register(shutdown);
  await app.register(securityHeaders);
  await app.register(rateLimits);
  await app.register(swagger);
  await app.register(jobs, {
    database,
    payments,
    mailTransport,
    smsProvider,
    work: options.workJobs ?? config.env !== 'test',
    ...options.jobTuning,
  });
  await app.register(routes, { payments });
  await app.register(webApp, { webDist: options.webDist, renderPage: options.renderPage });
  return app;
}
