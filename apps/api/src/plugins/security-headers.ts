import fastifyHelmet from '@fastify/helmet';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { stripeElementsKey } from '../config.ts';
import { framePolicy } from './frame-policy.ts';

/** Content security policy, helmet's other headers, the frame policy, and no caching of API answers. */
const securityHeaders: FastifyPluginAsync = async (app) => {
  const { config, db } = app.ctx;
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
  // Our own pages may frame our PDFs, and a consent page its study's PDF host (frame-policy.ts).
  app.addHook('onSend', framePolicy(db));
  // What the API answers is a person's data more often than not (health answers, reports, addresses):
  // no browser or proxy keeps a copy unless a route says its answer is public (the legal documents).
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
  });
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: false,
    hsts: { maxAge: 31536000, includeSubDomains: true },
  });
};

export default fp(securityHeaders, { name: 'security-headers' });
