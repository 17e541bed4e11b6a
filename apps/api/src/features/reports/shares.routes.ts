import { createHash } from 'node:crypto';
import {
  AUTH_MESSAGES,
  apiErrorSchema,
  createdShareSchema,
  createShareSchema,
  ERROR_CODES,
  openedShareSchema,
  practitionerSchema,
  SHARE_MESSAGES,
  sharedLinkSchema,
  shareListItemSchema,
} from '@portal/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, tooMany } from '../../lib/errors.ts';
import { escapeHtml } from '../../lib/html.ts';
import { principalOf, requireUser } from '../../plugins/authenticate.ts';
import { browserOf, type CountryLookup, proxyCountry } from './share-viewer.ts';
import {
  createShare,
  listPractitioners,
  listShares,
  liveShare,
  openShare,
  revokeShare,
  sharedLink,
} from './shares.service.ts';

const security = [{ bearerAuth: [] }];
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  503: apiErrorSchema,
};
const publicErrors = {
  400: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  410: apiErrorSchema,
  423: apiErrorSchema,
  429: apiErrorSchema,
};
const idParam = z.object({ id: z.string().min(1).max(64) });

/** Share views per address and per link, each a minute (the abuse rules of issue 36). */
export const SHARE_RATE_LIMITS = { perAddress: 30, perLink: 20 } as const;

/**
 * The strict policy of the practitioner's page: our own scripts, styles and calls only, no frames, no
 * forms posted anywhere, no base, no plugins; the decrypted PDF is handed over as a blob.
 */
export const SHARE_PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "frame-ancestors 'none'",
  "form-action 'none'",
  "base-uri 'none'",
  "object-src 'none'",
].join('; ');

const NOINDEX = 'noindex, nofollow, noarchive';
const ROBOTS_META = `<meta name="robots" content="${NOINDEX}">\n  <meta name="referrer" content="no-referrer">`;

const GONE_STYLE =
  'body{margin:0;font-family:system-ui,sans-serif;background:#f7f4ef;color:#1f2a2e}main{max-width:36rem;margin:4rem auto;padding:2rem;background:#fff;border:1px solid #d9d4cc;border-radius:8px}h1{font-size:1.5rem;margin:0 0 1rem}p{line-height:1.5}';
const GONE_STYLE_HASH = `'sha256-${createHash('sha256').update(GONE_STYLE).digest('base64')}'`;

/** The page of a link that is unknown, expired or taken back: drawn here, no script, nothing of the reports. */
export function gonePage(brand: string, message: string) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
${ROBOTS_META}
<title>Link no longer available · ${escapeHtml(brand)}</title><style>${GONE_STYLE}</style></head>
<body><main><h1>This link is no longer available</h1><p>${escapeHtml(message)}</p>
<p>If you still need to see the report, ask the person who shared it for a new link.</p></main></body></html>`;
}

function pageHeaders(reply: FastifyReply, csp: string) {
  return reply
    .header('content-security-policy', csp)
    .header('x-robots-tag', NOINDEX)
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store');
}

/** A person's share links: make, list, take back; the practitioners they may send one to. */
export const reportSharesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/report-shares',
    {
      onRequest: requireUser,
      schema: {
        tags: ['reports'],
        summary: "The person's share links, each with its views (when, browser, country)",
        security,
        response: { 200: z.array(shareListItemSchema), ...errors },
      },
    },
    async (request) => listShares(ctx, principalOf(request).userId),
  );

  app.get(
    '/report-shares/practitioners',
    {
      onRequest: requireUser,
      schema: {
        tags: ['reports'],
        summary: 'Practitioners whose referral code the person carries, who can be sent a link by email',
        security,
        response: { 200: z.array(practitionerSchema), ...errors },
      },
    },
    async (request) => listPractitioners(ctx, principalOf(request).userId),
  );

  app.post(
    '/report-shares',
    {
      onRequest: requireUser,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['reports'],
        summary:
          'Share reports with a practitioner: a link with its key after # (shown once), an expiry of 1 to 90 days, an optional PIN',
        security,
        body: createShareSchema,
        response: { 201: createdShareSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createShare(ctx, principalOf(request), request.body as never)),
  );

  app.post(
    '/report-shares/:id/revoke',
    {
      onRequest: requireUser,
      schema: {
        tags: ['reports'],
        summary: 'Take a share link back: it answers 410 from the next request on',
        security,
        params: idParam,
        response: { 200: z.object({ id: z.string(), revokedAt: z.string() }), ...errors },
      },
    },
    async (request) => revokeShare(ctx, principalOf(request).userId, request.params.id),
  );
};

/** The practitioner's side: no account, the link's id in the path and its key never sent. */
export const sharedRoutes: FastifyPluginAsyncZod<{ country?: CountryLookup }> = async (app, options) => {
  const { ctx } = app;
  const country = options.country ?? proxyCountry;
  // Two counts on every request (the plugin runs one limit a request, so these are checked here).
  const limits = [
    app.createRateLimit({
      max: SHARE_RATE_LIMITS.perAddress,
      timeWindow: '1 minute',
      keyGenerator: (request: FastifyRequest) => `share-address:${request.ip}`,
    }),
    app.createRateLimit({
      max: SHARE_RATE_LIMITS.perLink,
      timeWindow: '1 minute',
      keyGenerator: (request: FastifyRequest) => `share-link:${(request.params as { id?: string }).id ?? ''}`,
    }),
  ];
  const limited = async (request: FastifyRequest) => {
    for (const limit of limits) {
      const result = await limit(request);
      if (!result.isAllowed && result.isExceeded)
        throw tooMany(AUTH_MESSAGES.tooManyRequests, ERROR_CODES.rateLimited, result.ttlInSeconds);
    }
  };

  app.get(
    '/api/shared/:id',
    {
      onRequest: limited,
      schema: {
        tags: ['reports'],
        summary:
          'A share link: whether it asks for a PIN, until when it works; 404 unknown, 410 expired or taken back',
        params: idParam,
        response: { 200: sharedLinkSchema, ...publicErrors },
      },
    },
    async (request, reply) => {
      reply.header('x-robots-tag', NOINDEX);
      return sharedLink(ctx, request.params.id);
    },
  );

  app.post(
    '/api/shared/:id/open',
    {
      onRequest: limited,
      schema: {
        tags: ['reports'],
        summary:
          'Open a share link (with its PIN when it has one): the reports as a JWE its key opens; the view is recorded. Five wrong PINs lock it for an hour.',
        params: idParam,
        body: z
          .object({
            pin: z
              .string()
              .trim()
              .regex(/^\d{6}$/, SHARE_MESSAGES.pinRequired)
              .optional(),
          })
          .default({}),
        response: { 200: openedShareSchema, ...publicErrors },
      },
    },
    async (request, reply) => {
      reply.header('x-robots-tag', NOINDEX);
      return openShare(ctx, request.params.id, request.body.pin, {
        browser: browserOf(request.headers['user-agent']),
        country: country(request),
      });
    },
  );

  // The page itself: 404 or 410 with a page saying so, or the web app with its own policy.
  app.get(
    '/share/:id',
    { onRequest: limited, schema: { hide: true, params: idParam } },
    async (request, reply) => {
      try {
        await liveShare(ctx, request.params.id);
      } catch (error) {
        if (!(error instanceof AppError) || (error.statusCode !== 404 && error.statusCode !== 410))
          throw error;
        return pageHeaders(
          reply,
          `default-src 'none'; style-src ${GONE_STYLE_HASH}; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`,
        )
          .code(error.statusCode)
          .type('text/html; charset=utf-8')
          .send(gonePage(ctx.config.brandName, error.message));
      }
      const page = app.webAppPage?.(ROBOTS_META) ?? null;
      if (page === null)
        return reply.code(503).send({ message: 'The web app is not built.', code: 'SERVICE_UNAVAILABLE' });
      return pageHeaders(reply, SHARE_PAGE_CSP).type('text/html; charset=utf-8').send(page);
    },
  );
};
