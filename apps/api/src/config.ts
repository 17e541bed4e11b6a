import { isIP } from 'node:net';
import {
  APP_TYPES,
  DEFAULT_BRAND,
  DEFAULT_CONSUMER_SIGN_IN_URL,
  DEFAULT_FAQ_URL,
  DEFAULT_SUPPORT_PHONE,
  DEFAULT_SUPPORT_POSTAL_ADDRESS,
} from '@portal/domain';
import { z } from 'zod';

/**
 * The speed layers' A/B switches (issue 31; `BENCH_ONLY=ab npm run bench`, bench/ab.ts). A layer stays
 * only if it buys at least 20 % on its endpoint, or keeps the event loop free; to measure that, each one
 * can be turned off so the plain alternative runs instead, with the same responses:
 *
 * - `pglite-thread`: PGlite on the server's thread through drizzle's own PGlite driver, instead of its
 *   own thread and the wire-protocol stream (decision 017);
 * - `prepared`: every `preparedFor` statement built by drizzle again for each call and sent unnamed, so
 *   PostgreSQL parses and plans it each time, as `await db.select()…` does;
 * - `report-text`: the report read from the `report` jsonb column, parsed by the driver and written again
 *   with JSON.stringify, instead of sent on as the stored `report_text`;
 * - `journey-cache`: the journey read and computed from the person's reports on every read, instead of
 *   sent as the text stored under its key (features/reports/journey.service.ts);
 * - `pdf-cache`: every report and comparison PDF drawn again on the pool, instead of answered from the
 *   PDFs drawn in the last minutes (adapters/pdf/pdf-pool.ts, decision 046).
 *
 * BENCH_LAYERS_OFF names the layers to turn off; loadConfig honours it only with BENCH_ROUTES=1 outside
 * production (where BENCH_ROUTES is refused), so in production every layer is on.
 */
export const SPEED_LAYERS = [
  'pglite-thread',
  'prepared',
  'report-text',
  'journey-cache',
  'pdf-cache',
] as const;
export type SpeedLayer = (typeof SPEED_LAYERS)[number];

/**
 * Process-wide (one app per server process): buildApp sets it from the settings, so each app starts
 * right. Kept here, in the lowest layer, so that db/ can read it too.
 */
let off: ReadonlySet<SpeedLayer> = new Set();

export function setSpeedLayersOff(layers: readonly SpeedLayer[]) {
  off = new Set(layers);
}

/** True when the bench turned this layer off (never outside BENCH_ROUTES, never in production). */
export const layerOff = (layer: SpeedLayer) => off.has(layer);

const optional = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Loopback by default: a proxy on the same host reaches it; `0.0.0.0` (or `::`) listens everywhere. */
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  /** The proxies whose X-Forwarded-For is believed: a hop count or addresses/CIDRs; none by default. */
  TRUST_PROXY: optional,
  /** After SIGTERM: seconds of /readyz 503 while still serving, so a load balancer moves away first. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  APP_TYPE: z.enum(APP_TYPES).default('CUSTOMER'),
  BRAND_NAME: z.string().min(1).default(DEFAULT_BRAND),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optional,
  SMTP_URL: optional,
  MAIL_FROM: z.string().default('Microbiome Lab <no-reply@microbiome.example>'),
  /** A study mail-out's messages a second at most (issue 35 item 7), across all instances. */
  MAILOUT_RATE: z.coerce.number().int().min(1).max(10_000).default(50),
  /** Twilio (issue 35 item 4): all three set, texts go out through Twilio; else they stay in the outbox. */
  TWILIO_ACCOUNT_SID: optional,
  TWILIO_AUTH_TOKEN: optional,
  /** The number (E.164) or messaging service SID (MG…) texts are sent from. */
  TWILIO_FROM: optional,
  STRIPE_SECRET_KEY: optional,
  STRIPE_PUBLISHABLE_KEY: optional,
  ADDRESSFINDER_KEY: optional,
  /** Australia Post's Shipping and Tracking API: all three set, dispatch books real consignments. */
  AUSPOST_API_KEY: optional,
  AUSPOST_API_PASSWORD: optional,
  AUSPOST_ACCOUNT_NUMBER: optional,
  COACH_BOOKING_URL: optional,
  SUPPORT_PHONE: z.string().default(DEFAULT_SUPPORT_PHONE),
  SUPPORT_EMAIL: z.string().default('info@microbiome.example'),
  SUPPORT_POSTAL_ADDRESS: z.string().trim().min(1).default(DEFAULT_SUPPORT_POSTAL_ADDRESS),
  FAQ_URL: z.url().default(DEFAULT_FAQ_URL),
  CONSUMER_SIGN_IN_URL: z.url().default(DEFAULT_CONSUMER_SIGN_IN_URL),
  MAINTENANCE_UNTIL: optional,
  SITE_ALERT: optional,
  JWT_SECRET: optional.pipe(z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional()),
  OPS_KEY: optional,
  /** How long a start waits for an unreachable PostgreSQL before giving up (retrying with backoff). */
  DATABASE_WAIT_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Requests per minute from one address to each sign-in, registration and reset endpoint. */
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  /** Added delay per failed sign-in beyond the third, to slow password guessing. */
  LOGIN_DELAY_MS: z.coerce.number().int().min(0).default(1000),
  /** Voucher look-ups and redeems per minute from one address, so codes cannot be guessed. */
  VOUCHER_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  /** Orders and card tokens per minute from one address. */
  PAYMENT_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  /** Questionnaire answers saved per minute from one address (each answer is saved as it is given). */
  ANSWER_RATE_LIMIT: z.coerce.number().int().positive().default(600),
  /** Set to true while the report service is down: report pages show the maintenance screen. */
  REPORTS_UNAVAILABLE: z.stringbool().default(false),
  /** The external questionnaire for infant kits; gets the kit's surveyResultId and the access token. */
  INFANT_SURVEY_URL: z.url().optional(),
  /** Baseline routes for `npm run bench` under /bench (never in production). */
  BENCH_ROUTES: z.stringbool().default(false),
  /** Speed layers turned off for bench/ab.ts (lib/speed-layers.ts); only with BENCH_ROUTES, never in production. */
  BENCH_LAYERS_OFF: optional,
  APP_VERSION: z.string().default(process.env.npm_package_version ?? '0.1.0'),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /**
   * TRUST_PROXY: false (believe no X-Forwarded-For), the number of proxies in front, or their addresses
   * and CIDRs (fastifyTrustProxy makes Fastify's option of it). Never true, which would believe whatever
   * address a client writes.
   */
  trustProxy: false | number | string[];
  shutdownGraceSeconds: number;
  appType: (typeof APP_TYPES)[number];
  brandName: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl?: string | undefined;
  smtpUrl?: string | undefined;
  mailFrom: string;
  mailoutRate: number;
  supportPhone: string;
  supportEmail: string;
  supportPostalAddress: string;
  faqUrl: string;
  consumerSignInUrl: string;
  maintenanceUntil: string | null;
  siteAlert: string | null;
  coachBookingUrl?: string | undefined;
  addressFinderKey?: string | undefined;
  auspost?: { apiKey: string; password: string; accountNumber: string } | undefined;
  /** Texts through Twilio; none: texts stay in the outbox (the dev mailbox shows them). */
  twilio?: { accountSid: string; authToken: string; from: string } | undefined;
  stripeSecretKey?: string | undefined;
  stripePublishableKey?: string | undefined;
  jwtSecret?: string | undefined;
  opsKey?: string | undefined;
  databaseWaitSeconds: number;
  logLevel: string;
  authRateLimit: number;
  loginDelayMs: number;
  voucherRateLimit: number;
  paymentRateLimit: number;
  answerRateLimit: number;
  reportsUnavailable: boolean;
  infantSurveyUrl: string | null;
  benchRoutes: boolean;
  /** BENCH_LAYERS_OFF when honoured (BENCH_ROUTES outside production), else none: every layer on. */
  speedLayersOff: SpeedLayer[];
  version: string;
};

/** Reads every setting once; a bad value stops the server with the variable's name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid settings:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // On PostgreSQL several instances share the data: each would otherwise generate a secret of its own
  // in its DATA_DIR, so sessions and operator commands would work on one instance and not the next.
  if (e.DATABASE_URL) {
    const missing = [
      ...(e.JWT_SECRET ? [] : ['JWT_SECRET is required with DATABASE_URL']),
      ...(e.OPS_KEY && e.OPS_KEY.length >= 32
        ? []
        : [
            `OPS_KEY is required with DATABASE_URL and must be at least 32 characters (e.g. openssl rand -base64 48)${e.OPS_KEY ? `; it has ${e.OPS_KEY.length}` : ''}`,
          ]),
    ];
    if (missing.length) throw new Error(`Invalid settings:\n${missing.join('\n')}`);
  }
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if (typeof trustProxy === 'string') throw new Error(`Invalid settings:\n${trustProxy}`);
  if (e.BENCH_ROUTES && e.NODE_ENV === 'production')
    throw new Error('Invalid settings:\nBENCH_ROUTES is for benchmarks and cannot be used in production');
  const speedLayersOff =
    e.BENCH_ROUTES && e.NODE_ENV !== 'production' ? parseSpeedLayers(e.BENCH_LAYERS_OFF) : [];
  if (typeof speedLayersOff === 'string') throw new Error(`Invalid settings:\n${speedLayersOff}`);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    trustProxy,
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    appType: e.APP_TYPE,
    brandName: e.BRAND_NAME,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailoutRate: e.MAILOUT_RATE,
    supportPhone: e.SUPPORT_PHONE,
    supportEmail: e.SUPPORT_EMAIL,
    supportPostalAddress: e.SUPPORT_POSTAL_ADDRESS,
    faqUrl: e.FAQ_URL,
    consumerSignInUrl: e.CONSUMER_SIGN_IN_URL,
    maintenanceUntil: e.MAINTENANCE_UNTIL ?? null,
    siteAlert: e.SITE_ALERT ?? null,
    coachBookingUrl: e.COACH_BOOKING_URL,
    addressFinderKey: e.ADDRESSFINDER_KEY,
    auspost:
      e.AUSPOST_API_KEY && e.AUSPOST_API_PASSWORD && e.AUSPOST_ACCOUNT_NUMBER
        ? {
            apiKey: e.AUSPOST_API_KEY,
            password: e.AUSPOST_API_PASSWORD,
            accountNumber: e.AUSPOST_ACCOUNT_NUMBER,
          }
        : undefined,
    twilio:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
        ? { accountSid: e.TWILIO_ACCOUNT_SID, authToken: e.TWILIO_AUTH_TOKEN, from: e.TWILIO_FROM }
        : undefined,
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    stripePublishableKey: e.STRIPE_PUBLISHABLE_KEY,
    jwtSecret: e.JWT_SECRET,
    opsKey: e.OPS_KEY,
    databaseWaitSeconds: e.DATABASE_WAIT_SECONDS,
    logLevel: e.LOG_LEVEL,
    authRateLimit: e.AUTH_RATE_LIMIT,
    loginDelayMs: e.LOGIN_DELAY_MS,
    voucherRateLimit: e.VOUCHER_RATE_LIMIT,
    paymentRateLimit: e.PAYMENT_RATE_LIMIT,
    answerRateLimit: e.ANSWER_RATE_LIMIT,
    reportsUnavailable: e.REPORTS_UNAVAILABLE,
    infantSurveyUrl: e.INFANT_SURVEY_URL ?? null,
    benchRoutes: e.BENCH_ROUTES,
    speedLayersOff,
    version: e.APP_VERSION,
  };
}

/** BENCH_LAYERS_OFF: comma-separated names of SPEED_LAYERS; returns the problem in words for a bad one. */
function parseSpeedLayers(value: string | undefined): SpeedLayer[] | string {
  const names = (value ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const bad = names.filter((name) => !(SPEED_LAYERS as readonly string[]).includes(name));
  if (bad.length)
    return `BENCH_LAYERS_OFF: ${bad.map((b) => `"${b}"`).join(', ')} is not a speed layer; use ${SPEED_LAYERS.join(', ')}`;
  return names as SpeedLayer[];
}

/** The names proxy-addr knows for the loopback, link-local and private (unique local) ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: unset means no proxy is trusted; a whole number is the count of proxies in front (each
 * appends the address it was reached from); otherwise a comma-separated list of proxy addresses, CIDRs
 * (10.0.0.0/8, fd00::/8) or proxy-addr's range names. Returns the problem in words for a bad value.
 */
export function parseTrustProxy(value: string | undefined): false | number | string[] | string {
  if (value === undefined) return false;
  const advice =
    'give the number of proxies in front of the portal (e.g. 1) or their addresses (e.g. 127.0.0.1 or 10.0.0.0/8)';
  if (/^(true|\*|all)$/i.test(value))
    return `TRUST_PROXY cannot be "${value}": that believes every X-Forwarded-For, which any client can write, and defeats the per-address rate limits; ${advice}`;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops <= 20) return hops === 0 ? false : hops;
    return `TRUST_PROXY: ${hops} proxies is not a plausible hop count; ${advice}`;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isProxyAddress(entry));
  if (bad.length)
    return `TRUST_PROXY: ${bad.map((b) => `"${b}"`).join(', ')} is not an IP address or CIDR; ${advice}`;
  return entries;
}

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Fastify's trustProxy for the setting. A hop count becomes a function of the hop's position (0 is the
 * socket's peer, 1 the address that peer appended, and so on): Fastify 5 takes a plain number as "trust
 * nothing", because a count cannot check that the peer is a proxy. So README says to use a count only
 * where the port is reachable through the proxies alone, and their addresses otherwise.
 */
export function fastifyTrustProxy(setting: Config['trustProxy']): false | string[] | TrustHop {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}
type TrustHop = (address: string, hop: number) => boolean;

/**
 * The publishable key the web app mounts Stripe Elements with: only when the server charges with
 * Stripe too, so a card is never tokenized for a provider that cannot charge it.
 */
export const stripeElementsKey = (config: Config): string | null =>
  config.stripeSecretKey ? (config.stripePublishableKey ?? null) : null;
