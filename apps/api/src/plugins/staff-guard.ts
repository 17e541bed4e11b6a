import { holdsStaffRole, STAFF_MESSAGES, type StaffRole } from '@portal/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { authenticatedPrincipal, OPERATOR } from './authenticate.ts';
import { assertConsoleOpen, staffStanding, touchStaffSession } from './staff-standing.ts';

/**
 * The guard of every `/api/staff/*` route (issue 24). Use it as the route's onRequest:
 *
 *   app.post('/kits/dispatch', { onRequest: requireStaff(['LOGISTICS']), schema: … }, handler)
 *
 * It lets through the operator key (it counts as ADMIN, for automation and the ops CLI), and a signed-in
 * staff member who holds one of `roles` (ADMIN holds them all) now, in the database, whose account is
 * not disabled and whose session passed the second factor. Everyone else is refused before the body is
 * read: no token 401, a customer or a support view's token 403, a staff member without the role 403,
 * and one who has not passed the second factor 403 with code SECOND_FACTOR_REQUIRED (or
 * SECOND_FACTOR_ENROLMENT_REQUIRED). `principalOf(request)` then names the caller for recordStaffAction.
 *
 * Options:
 * - `secondFactor: false`: only the console's own sign-in steps (enrolment, the code) use it.
 * - `person: true`: the operator key is refused, for actions that need a person to name (a support
 *   view, someone's own second factor).
 *
 * Every route guarded with it must be in the authorization matrix as `staff([...roles])`.
 */
export function requireStaff(
  roles: readonly StaffRole[] | 'any',
  options: { secondFactor?: boolean; person?: boolean } = {},
) {
  const { secondFactor = true, person = false } = options;
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const principal = await authenticatedPrincipal(request);
    if (!principal) throw unauthorized();
    if (principal === OPERATOR) {
      if (person) throw forbidden(STAFF_MESSAGES.operatorHasNoAccount);
      request.principal = principal;
      return;
    }
    // A support view is the person's identity, never a staff member's.
    if (principal.actorId) throw forbidden();
    const standing = await staffStanding(request.server.ctx.db, principal.userId, principal.sessionId);
    assertConsoleOpen(standing, { secondFactor });
    if (roles !== 'any' && !holdsStaffRole(standing.authorities, roles))
      throw forbidden(STAFF_MESSAGES.roleMissing);
    if (standing.lastSeenStale) await touchStaffSession(request.server.ctx.db, principal.sessionId);
    request.principal = { ...principal, authorities: standing.authorities };
  };
}
