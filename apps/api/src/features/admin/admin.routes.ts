import { apiErrorSchema, userSchema } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listMail } from '../../adapters/mail/outbox.ts';
import { requireAuthority } from '../../plugins/authenticate.ts';
import { reviewParentalConsent } from '../consent/index.ts';
import { addressRowSchema, importAddresses } from './addresses.service.ts';
import { adminCreateUserSchema, mailItemSchema } from './admin.schemas.ts';
import { createUserAsOperator } from './admin.service.ts';
import { seedDemo } from './demo-seed.ts';

/** The back-office API: the ops CLI and later a web console are its clients. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const denied = { 401: apiErrorSchema, 403: apiErrorSchema };

  app.post(
    '/users',
    {
      // It sets any authorities, MAIL_READ included: ADMIN staff would mint themselves what ADMIN does
      // not imply, on a password alone, so ADMIN does not imply it either (issue 32).
      onRequest: requireAuthority('USER_ADMIN', { adminImplies: false }),
      schema: {
        tags: ['admin'],
        summary: 'Create an account (ops user:create)',
        body: adminCreateUserSchema,
        response: { 201: z.object({ id: z.string() }), 400: apiErrorSchema, 409: apiErrorSchema, ...denied },
      },
    },
    async (request, reply) => reply.code(201).send(await createUserAsOperator(app.ctx, request.body)),
  );

  app.get(
    '/mail',
    {
      // The outbox holds every person's sign-in and reset links: ADMIN staff reading it could take over
      // any account, so ADMIN does not imply it (issue 32).
      onRequest: requireAuthority('MAIL_READ', { adminImplies: false }),
      schema: {
        tags: ['admin'],
        summary: 'The outbox, newest first (ops mail:list)',
        querystring: z.object({ to: z.string().max(254).optional() }),
        response: { 200: z.array(mailItemSchema), ...denied },
      },
    },
    async (request) => (await listMail(app.ctx.db, request.query.to)).map(({ html: _html, ...rest }) => rest),
  );

  app.post(
    '/consent-review',
    {
      onRequest: requireAuthority('CONSENT_REVIEW'),
      schema: {
        tags: ['admin'],
        summary: "Decide a minor's parental consent (ops consent:review)",
        body: z.object({ email: z.string().max(254), approve: z.boolean() }),
        response: { 200: userSchema, 400: apiErrorSchema, 404: apiErrorSchema, ...denied },
      },
    },
    async (request) => reviewParentalConsent(app.ctx, request.body.email, request.body.approve),
  );

  app.post(
    '/addresses',
    {
      onRequest: requireAuthority('ADDRESS_ADMIN'),
      bodyLimit: 8 * 1024 * 1024,
      schema: {
        tags: ['admin'],
        summary: 'Load addresses for the embedded address finder (ops addresses:import)',
        body: z.object({ rows: z.array(addressRowSchema).max(5000) }),
        response: { 200: z.object({ imported: z.number() }), 400: apiErrorSchema, ...denied },
      },
    },
    async (request) => importAddresses(app.ctx, request.body.rows),
  );

  app.post(
    '/seed-demo',
    {
      onRequest: requireAuthority('ADMIN'),
      schema: {
        tags: ['admin'],
        summary: 'Demo accounts with kits in every state (ops seed:demo)',
        response: {
          201: z.object({
            accounts: z.array(z.object({ email: z.string(), password: z.string(), description: z.string() })),
            kits: z.number(),
          }),
          ...denied,
        },
      },
    },
    async (_request, reply) => reply.code(201).send(await seedDemo(app.ctx)),
  );
};
