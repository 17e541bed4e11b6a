import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { AUTH_MESSAGES, CONSENT_FILE_MAX_BYTES, ERROR_CODES } from '@portal/domain';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyServerFactory } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { startDispatcher } from './adapters/mail/dispatcher.ts';
import { type MailTransport, smtpTransport } from './adapters/mail/transport.ts';
import { embeddedPayments } from './adapters/payments/embedded.ts';
import type { PaymentProvider } from './adapters/payments/payments.ts';
import { stripePayments } from './adapters/payments/stripe.ts';
import { type Config, stripeElementsKey } from './config.ts';
import type { Database } from './db/client.ts';
import { adminRoutes } from './features/admin/admin.routes.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { benchRoutes } from './features/bench/bench.routes.ts';
import { coachRoutes } from './features/coach/coach.routes.ts';
import { configRoutes, publicConfig } from './features/config/config.routes.ts';
import { consentRoutes } from './features/consent/consent.routes.ts';
import { devMailboxRoutes } from './features/dev/mailbox.routes.ts';
import { kitsAdminRoutes } from './features/kits/kits.admin.routes.ts';
import { kitsRoutes } from './features/kits/kits.routes.ts';
import { legalRoutes } from './features/legal/legal.routes.ts';
import { ordersAdminRoutes } from './features/orders/orders.admin.routes.ts';
import { ordersRoutes } from './features/orders/orders.routes.ts';
import { runRenewals } from './features/orders/orders.service.ts';
import { profileRoutes } from './features/profile/profile.routes.ts';
import { recruitmentAdminRoutes, recruitmentRoutes } from './features/recruitment/recruitment.routes.ts';
import { reportDownloadsRoutes } from './features/reports/reports.downloads.routes.ts';
import { labRoutes, reportsRoutes } from './features/reports/reports.routes.ts';
import { requisitionRoutes, studyAdminRoutes } from './features/requisition/requisition.routes.ts';
import {
  auditImpersonation,
  impersonationAdminRoutes,
  impersonationRoutes,
} from './features/research/impersonation.ts';
import { researchAdminRoutes, researchRoutes } from './features/research/research.routes.ts';
import { supportViewsRoutes } from './features/support-views/support-views.routes.ts';
import { surveysRoutes } from './features/surveys/surveys.routes.ts';
import { loadDefinitions } from './features/surveys/surveys.service.ts';
import { usersRoutes } from './features/users/users.routes.ts';
import type { AppContext } from './lib/context.ts';
import { installErrorHandler } from './lib/error-handler.ts';
import { invalid, tooMany } from './lib/errors.ts';
import { errorForLog, requestForLog } from './lib/log-serializers.ts';
import { responseSerializerCompiler } from './lib/response-serializer.ts';
import { persistentSecret } from './lib/secrets.ts';
import { databaseRateLimitStore } from './plugins/rate-limit-store.ts';
import { framePolicy } from './security/frame-policy.ts';
import { loadPageRenderer, type PageRenderer, serveWebApp } from './web-app.ts';

export type BuildOptions = {
  /** Overrides for tests; by default read from settings or kept in DATA_DIR. */
  jwtSecret?: string;
  opsKey?: string;
  /** Delivers the outbox; by default SMTP when SMTP_URL is set, else mail stays in the outbox. */
  mailTransport?: MailTransport;
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
};

const here = path.dirname(fileURLToPath(import.meta.url));

export async function buildApp(config: Config, database: Database, options: BuildOptions = {}) {
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
    trustProxy: config.env === 'production',
    // While closing, new requests get 503 and in-flight ones finish.
    return503OnClosing: true,
    ...(options.serverFactory ? { serverFactory: options.serverFactory } : {}),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ check: config.env === 'test' }));

  const ctx: AppContext = {
    config,
    db: database.db,
    jwtSecret: options.jwtSecret ?? config.jwtSecret ?? persistentSecret(config.dataDir, 'jwt.secret'),
    opsKey: options.opsKey ?? config.opsKey ?? persistentSecret(config.dataDir, 'ops.key'),
    mail: { brand: config.brandName, publicUrl: config.publicUrl, supportEmail: config.supportEmail },
  };
  app.decorate('ctx', ctx);
  installErrorHandler(app);
  // PostgreSQL text cannot hold NUL characters: refuse them up front instead of failing in the database.
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body))
      throw invalid('The request contains a character that is not allowed (NUL).');
  });

  // Shutdown: drain() keeps the port open and answers new requests with 503 (so a client or load balancer
  // hears "go elsewhere" rather than a refused connection) until the requests in progress are answered;
  // then close() stops listening. Responses sent meanwhile close their connection.
  let closing = false;
  let draining = false;
  let inFlight = 0;
  app.addHook('onRequest', async (request, reply) => {
    if (draining) {
      return reply.code(503).header('retry-after', '5').header('connection', 'close').send({
        message: 'The portal is restarting. Please try again in a moment.',
        code: ERROR_CODES.unavailable,
      });
    }
    inFlight++;
    (request as { counted?: boolean }).counted = true;
  });
  app.addHook('onResponse', async (request) => {
    if ((request as { counted?: boolean }).counted) inFlight--;
  });
  app.addHook('onRequestAbort', async (request) => {
    if ((request as { counted?: boolean }).counted) {
      (request as { counted?: boolean }).counted = false;
      inFlight--;
    }
  });
  app.decorate('drain', async (timeoutMs: number, minimumMs = 0) => {
    draining = true;
    const started = Date.now();
    const deadline = started + timeoutMs;
    while ((inFlight > 0 || Date.now() - started < minimumMs) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
  });
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (request, reply) => {
    if (closing || draining) reply.header('connection', 'close');
    // What the API answers is a person's data more often than not (health answers, reports, addresses):
    // no browser or proxy keeps a copy unless a route says its answer is public (the legal documents).
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
  });

  // Stripe Elements (design.md §5) loads its script and card iframe from Stripe and tokenizes there;
  // without Stripe keys nothing outside our origin is allowed.
  const stripe = stripeElementsKey(config) !== null;
  // @fastify/helmet builds helmet's middleware again on every request, and parsing these directives
  // is most of that work: the policy header is built once here, the other headers stay with helmet.
  const contentSecurityPolicy = fastifyHelmet.contentSecurityPolicy({
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...(stripe ? ['https://js.stripe.com'] : [])],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...(stripe ? ['https://api.stripe.com'] : [])],
      frameAncestors: ["'none'"],
      // Our own PDFs (terms, reports), when set the external coach scheduling page, and Stripe's card frame.
      frameSrc: [
        "'self'",
        ...(config.coachBookingUrl ? [new URL(config.coachBookingUrl).origin] : []),
        ...(stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : []),
      ],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      upgradeInsecureRequests: null,
    },
  });
  app.addHook('onRequest', (request, reply, done) =>
    contentSecurityPolicy(request.raw, reply.raw, () => done()),
  );
  // Our own pages may frame our PDFs, and a consent page its study's PDF host (security/frame-policy.ts).
  app.addHook('onSend', framePolicy(ctx.db));
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: false,
    hsts: { maxAge: 31536000, includeSubDomains: true },
  });
  await app.register(fastifyCookie);
  // preservePath: the upload route sees the name as sent, so it can refuse a crafted path.
  await app.register(fastifyMultipart, {
    preservePath: true,
    limits: { fileSize: CONSENT_FILE_MAX_BYTES, files: 1, fields: 5 },
  });
  await app.register(fastifyRateLimit, {
    global: false,
    // Counted in the database, so a limit holds across every instance (design.md §7).
    store: databaseRateLimitStore(ctx.db),
    // A client that already hung up has no address left; it must not turn into a 500.
    keyGenerator: (request) => request.ip ?? request.socket?.remoteAddress ?? 'gone',
    errorResponseBuilder: (_request, context) =>
      tooMany(AUTH_MESSAGES.tooManyRequests, ERROR_CODES.rateLimited, context.ttl / 1000),
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: `${config.brandName} portal API`, version: config.version },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await ctx.db.execute(sql`select 1`);
      return { status: 'ready' };
    } catch {
      return reply
        .code(503)
        .send({ message: 'The database is not reachable.', code: ERROR_CODES.unavailable });
    }
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  auditImpersonation(app);
  await app.register(configRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(usersRoutes, { prefix: '/api/users' });
  await app.register(supportViewsRoutes, { prefix: '/api/users' });
  await app.register(profileRoutes, { prefix: '/api' });
  await app.register(consentRoutes, { prefix: '/api' });
  await app.register(kitsRoutes, { prefix: '/api' });
  const payments =
    options.payments ??
    (config.stripeSecretKey ? stripePayments(config.stripeSecretKey) : embeddedPayments(ctx.db));
  await app.register(ordersRoutes, { prefix: '/api', payments });
  await app.register(adminRoutes, { prefix: '/api/admin' });
  await app.register(kitsAdminRoutes, { prefix: '/api/admin' });
  await app.register(ordersAdminRoutes, { prefix: '/api/admin', payments });
  await app.register(reportsRoutes, { prefix: '/api' });
  await app.register(reportDownloadsRoutes, { prefix: '/api' });
  await loadDefinitions(ctx.db);
  await app.register(surveysRoutes, { prefix: '/api' });
  await app.register(coachRoutes, { prefix: '/api' });
  await app.register(researchRoutes, { prefix: '/api' });
  await app.register(legalRoutes, { prefix: '/api' });
  await app.register(recruitmentRoutes, { prefix: '/api' });
  await app.register(recruitmentAdminRoutes, { prefix: '/api/admin' });
  await app.register(requisitionRoutes, { prefix: '/api' });
  await app.register(studyAdminRoutes, { prefix: '/api/admin' });
  await app.register(researchAdminRoutes, { prefix: '/api/admin' });
  await app.register(impersonationRoutes, { prefix: '/api/auth' });
  await app.register(impersonationAdminRoutes, { prefix: '/api/admin' });
  await app.register(labRoutes, { prefix: '/api/admin' });
  if (config.env !== 'production') await app.register(devMailboxRoutes, { prefix: '/dev' });
  if (config.benchRoutes) await app.register(benchRoutes, { prefix: '/bench' });

  const webDist = options.webDist ?? path.resolve(here, '../../web/dist');
  const renderPage =
    options.renderPage !== undefined
      ? options.renderPage
      : await loadPageRenderer(path.join(webDist, '../dist-server/server-render.js'));
  await serveWebApp(app, webDist, publicConfig(config), renderPage);

  const transport =
    options.mailTransport ?? (config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : null);
  if (transport) {
    let stop: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      stop = startDispatcher(ctx.db, transport, app.log);
    });
    app.addHook('onClose', async () => stop?.());
  }
  if (config.env !== 'test') {
    // Subscription renewals: every instance polls; SKIP LOCKED makes each renewal run exactly once.
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<unknown> = Promise.resolve();
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        running = running
          .then(() => runRenewals(ctx, payments))
          .catch((error) => app.log.error({ err: error }, 'subscription renewals failed'));
      }, 60_000);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  }
  return app;
}

/** Whether a parsed request part holds a NUL character anywhere (strings, keys, nested values). */
function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Buffer.isBuffer(value)) return false;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000') || containsNul(inner, depth + 1)) return true;
  }
  return false;
}
