import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { installErrorHandler } from '../lib/error-handler.ts';
import { invalid } from '../lib/errors.ts';

/** One error shape for every failure (lib/error-handler.ts), and input PostgreSQL could not store. */
const errorHandling: FastifyPluginAsync = async (app) => {
  installErrorHandler(app);
  // PostgreSQL text cannot hold NUL characters: refuse them up front instead of failing in the database.
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body))
      throw invalid('The request contains a character that is not allowed (NUL).');
  });
};

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

export default fp(errorHandling, { name: 'error-handling' });
