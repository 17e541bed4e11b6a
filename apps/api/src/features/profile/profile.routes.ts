import { addressSuggestionSchema, apiErrorSchema, profileSchema, userSchema } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type AddressFinder,
  addressfinderApi,
  embeddedAddressFinder,
} from '../../adapters/address/address-finder.ts';
import { principalOf, requireUser } from '../../plugins/authenticate.ts';
import { saveProfile } from './profile.service.ts';

export const profileRoutes: FastifyPluginAsyncZod<{ addressFinder?: AddressFinder }> = async (app, opts) => {
  const { ctx } = app;
  const finder =
    opts.addressFinder ??
    (ctx.config.addressFinderKey
      ? addressfinderApi(ctx.config.addressFinderKey)
      : embeddedAddressFinder(ctx.db));

  app.put(
    '/users/me',
    {
      onRequest: requireUser,
      // A stolen access token must not become a way to guess the current password.
      config: { rateLimit: { max: ctx.config.authRateLimit, timeWindow: '1 minute' } },
      schema: {
        tags: ['profile'],
        summary:
          'Save the profile (putUser); password and newPassword only when changing it; version (required): the one loaded (409 when stale)',
        security: [{ bearerAuth: [] }],
        body: profileSchema,
        response: {
          200: userSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) => saveProfile(ctx, principalOf(request), request.body),
  );

  app.get(
    '/addresses',
    {
      onRequest: requireUser,
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['profile'],
        summary: 'Address finder suggestions as you type',
        security: [{ bearerAuth: [] }],
        querystring: z.object({ q: z.string().max(100) }),
        response: { 200: z.array(addressSuggestionSchema), 401: apiErrorSchema },
      },
    },
    async (request) => finder.search(request.query.q),
  );
};
