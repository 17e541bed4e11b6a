import { ERROR_CODES } from '@portal/domain';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Shutdown in three steps. leave(): /readyz answers 503 and every other request is served as usual, for
 * the grace period in which a load balancer that checks /readyz moves its traffic elsewhere. drain():
 * the port stays open and new requests get 503 (so a client or load balancer hears "go elsewhere" rather
 * than a refused connection) until the requests in progress are answered. close(): the listener stops.
 * Responses sent from leave() on close their connection.
 */
const shutdown: FastifyPluginAsync = async (app) => {
  let closing = false;
  let leaving = false;
  let draining = false;
  let inFlight = 0;
  const counted = new WeakSet<FastifyRequest>();
  app.addHook('onRequest', async (request, reply) => {
    if (draining) {
      return reply.code(503).header('retry-after', '5').header('connection', 'close').send({
        message: 'The portal is restarting. Please try again in a moment.',
        code: ERROR_CODES.unavailable,
      });
    }
    if (leaving && request.url.split('?')[0] === '/readyz') {
      return reply.code(503).header('retry-after', '5').send({
        message: 'The portal is shutting down; other instances take its requests.',
        code: ERROR_CODES.unavailable,
      });
    }
    inFlight++;
    counted.add(request);
  });
  const done = async (request: FastifyRequest) => {
    if (counted.delete(request)) inFlight--;
  };
  app.addHook('onResponse', done);
  app.addHook('onRequestAbort', done);
  app.decorate('leave', () => {
    leaving = true;
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
  app.addHook('onSend', async (_request, reply) => {
    // Connections kept alive end with their next response, so they reopen on an instance that stays.
    if (closing || leaving || draining) reply.header('connection', 'close');
  });
};

export default fp(shutdown, { name: 'shutdown' });
