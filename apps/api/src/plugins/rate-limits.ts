import fastifyRateLimit from '@fastify/rate-limit';
import { AUTH_MESSAGES, ERROR_CODES } from '@portal/domain';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { tooMany } from '../lib/errors.ts';
import { databaseRateLimitStore } from './rate-limit-store.ts';

/** Rate limits, off by default; the routes that need one set it (sign-in, sign-up, answers...). */
const rateLimits: FastifyPluginAsync = async (app) => {
  await app.register(fastifyRateLimit, {
    global: false,
    // Counted in the database, so a limit holds across every instance (design.md §7).
    store: databaseRateLimitStore(app.ctx.db),
    // A client that already hung up has no address left; it must not turn into a 500.
    keyGenerator: (request) => request.ip ?? request.socket?.remoteAddress ?? 'gone',
    errorResponseBuilder: (_request, context) =>
      tooMany(AUTH_MESSAGES.tooManyRequests, ERROR_CODES.rateLimited, context.ttl / 1000),
  });
};

export default fp(rateLimits, { name: 'rate-limits' });
