import {
  acceptInvitationSchema,
  apiErrorSchema,
  invitationAcceptedSchema,
  recoveryCodesSchema,
  secondFactorSchema,
  staffActiveSessionsSchema,
  staffEnableSchema,
  staffInvitationSchema,
  staffInvitedSchema,
  staffMembersSchema,
  staffRolesSavedSchema,
  staffRolesUpdateSchema,
  staffSessionSchema,
  staffSessionsEndedSchema,
  staffSessionsQuerySchema,
  totpCodeSchema,
  totpSetupSchema,
} from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { security, errors as signedInErrors } from '../../lib/route-schema.ts';
import { OPERATOR, principalOf } from '../../plugins/authenticate.ts';
import { requireStaff } from '../../plugins/staff-guard.ts';
import {
  beginTotpEnrolment,
  confirmTotpEnrolment,
  passSecondFactor,
  renewRecoveryCodes,
  staffSessionOf,
} from './second-factor.service.ts';
import { acceptInvitation, inviteStaff } from './staff-invitations.service.ts';
import {
  disableStaff,
  enableStaff,
  listStaff,
  resetSecondFactor,
  unlockSecondFactor,
  updateStaffRoles,
} from './staff-members.service.ts';
import { endMemberSessions, endStaffSession, listStaffSessions } from './staff-sessions.service.ts';

const errors = { ...signedInErrors, 429: apiErrorSchema };
/** The client a sign-in's second step comes from, for the sessions list (summarised, never kept whole). */
const clientOf = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });
const memberParams = z.object({ id: z.uuid('That is not a staff account id.') });
const sessionParams = z.object({ sessionId: z.uuid('That is not a session id.') });

/**
 * The console's own accounts (issue 24): a staff member's session and second factor, the invitation,
 * and the staff list an ADMIN keeps. Mounted at /api/staff.
 */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const limited = { rateLimit: { max: ctx.config.authRateLimit, timeWindow: '1 minute' } };
  // The sign-in steps: any staff member, before the second factor.
  const signingIn = requireStaff('any', { secondFactor: false, person: true });

  app.get(
    '/session',
    {
      onRequest: signingIn,
      schema: {
        tags: ['staff'],
        summary: 'The signed-in staff member: roles, and whether the second factor is set up and passed',
        security,
        response: { 200: staffSessionSchema, ...errors },
      },
    },
    async (request) => staffSessionOf(ctx, principalOf(request)),
  );

  app.post(
    '/second-factor/totp',
    {
      onRequest: signingIn,
      config: limited,
      schema: {
        tags: ['staff'],
        summary:
          'Start setting up an authenticator app: a new secret and its QR code (until one is confirmed)',
        security,
        response: { 200: totpSetupSchema, ...errors },
      },
    },
    async (request) => beginTotpEnrolment(ctx, principalOf(request)),
  );

  app.post(
    '/second-factor/totp/confirm',
    {
      onRequest: signingIn,
      config: limited,
      schema: {
        tags: ['staff'],
        summary:
          'Confirm the authenticator app with its current code; answers the recovery codes, shown this once',
        security,
        body: totpCodeSchema,
        response: { 200: recoveryCodesSchema, ...errors },
      },
    },
    async (request) => confirmTotpEnrolment(ctx, principalOf(request), request.body.code, clientOf(request)),
  );

  app.post(
    '/second-factor/verify',
    {
      onRequest: signingIn,
      config: limited,
      schema: {
        tags: ['staff'],
        summary: "Sign-in's second step: a current authenticator code, or a recovery code (spent)",
        security,
        body: secondFactorSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await passSecondFactor(ctx, principalOf(request), request.body.code, clientOf(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/second-factor/recovery-codes',
    {
      onRequest: requireStaff('any', { person: true }),
      config: limited,
      schema: {
        tags: ['staff'],
        summary: 'New recovery codes (the old ones stop working), shown this once',
        security,
        response: { 200: recoveryCodesSchema, ...errors },
      },
    },
    async (request) => renewRecoveryCodes(ctx, principalOf(request)),
  );

  app.post(
    '/invitations/accept',
    {
      config: limited,
      schema: {
        tags: ['staff'],
        summary:
          'An invitee chooses a password through the invitation link (then signs in and sets up the app)',
        body: acceptInvitationSchema,
        response: { 200: invitationAcceptedSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => acceptInvitation(ctx, request.body.token, request.body.password),
  );

  const admin = requireStaff(['ADMIN']);

  app.get(
    '/members',
    {
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary: 'Every staff account with its roles and status (ADMIN)',
        security,
        response: { 200: staffMembersSchema, ...errors },
      },
    },
    async () => listStaff(ctx),
  );

  app.post(
    '/members',
    {
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary:
          'Invite a staff member (ADMIN; ops staff:create): an account with these roles and an emailed link to set a password and the second factor. The link is in the answer only for the operator key',
        security,
        body: staffInvitationSchema,
        response: { 201: staffInvitedSchema.partial({ invitationLink: true }), ...errors },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const invited = await inviteStaff(ctx, principal, request.body);
      // The first admin has nobody to email them; a staff admin's invitee gets the link by email only.
      return reply.code(201).send(principal === OPERATOR ? invited : { id: invited.id });
    },
  );

  app.put(
    '/members/:id/roles',
    {
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary: "Set a staff member's roles (ADMIN)",
        security,
        params: memberParams,
        body: staffRolesUpdateSchema,
        response: { 200: staffRolesSavedSchema, ...errors },
      },
    },
    async (request) => updateStaffRoles(ctx, principalOf(request), request.params.id, request.body),
  );

  app.post(
    '/members/:id/disable',
    {
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary: 'Disable a staff account: its roles go and its sessions end at once (ADMIN)',
        security,
        params: memberParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await disableStaff(ctx, principalOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/members/:id/enable',
    {
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary:
          'Enable a disabled staff account again with these roles: the member signs in as before and is emailed (ADMIN; audited)',
        security,
        params: memberParams,
        body: staffEnableSchema,
        response: { 200: staffRolesSavedSchema, ...errors },
      },
    },
    async (request) => enableStaff(ctx, principalOf(request), request.params.id, request.body.roles),
  );

  app.post(
    '/members/:id/second-factor/reset',
    {
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary: "Remove a staff member's authenticator app (a lost phone): they set up a new one (ADMIN)",
        security,
        params: memberParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await resetSecondFactor(ctx, principalOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/members/:id/second-factor/unlock',
    {
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary: "Unlock a staff member's authenticator codes, locked after 10 wrong codes (ADMIN; audited)",
        security,
        params: memberParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await unlockSecondFactor(ctx, principalOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  // Active sessions and forced sign-out (issue 34 item 15).
  app.get(
    '/sessions',
    {
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary:
          'Live console sessions: who, signed in when, last seen, device and network (never a token or a full address); member: one account (ADMIN)',
        security,
        querystring: staffSessionsQuerySchema,
        response: { 200: staffActiveSessionsSchema, ...errors },
      },
    },
    async (request) => listStaffSessions(ctx, principalOf(request), request.query.member),
  );

  app.post(
    '/sessions/:sessionId/end',
    {
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary:
          "Sign one session out: the member's next request is refused and told so (ADMIN; audited). Not your own current session",
        security,
        params: sessionParams,
        response: { 200: staffSessionsEndedSchema, ...errors },
      },
    },
    async (request) => endStaffSession(ctx, principalOf(request), request.params.sessionId),
  );

  app.post(
    '/members/:id/sessions/end',
    {
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary:
          'Sign every session of a staff member out; answers how many console sessions ended (ADMIN; audited)',
        security,
        params: memberParams,
        response: { 200: staffSessionsEndedSchema, ...errors },
      },
    },
    async (request) => endMemberSessions(ctx, principalOf(request), request.params.id),
  );
};
