import { ERROR_CODES } from '@portal/domain';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Shutdown: drain() keeps the port open and answers new requests with 503 (so a client or load balancer
 * hears "go elsewhere" rather than a refused connection) until the requests in progress are answered;
 * then close() stops listening. Responses sent meanwhile close their connection.
 */
const shutdown: FastifyPluginAsync = async (app) => {
  let closing = false;
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
    inFlight++;
    counted.add(request);
  });
  const done = async (request: FastifyRequest) => {
    if (counted.delete(request)) inFlight--;
  };
  app.addHook('onResponse', done);
  app.addHook('onRequestAbort', done);
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
    if (closing || draining) reply.header('connection', 'close');
  });
};

export default fp(shutdown, { name: 'shutdown' });
