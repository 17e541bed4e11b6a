import {
  isStaffRole,
  STAFF_MESSAGES,
  type StaffInvitation,
  type StaffMember,
  type StaffRole,
  staffRolesOf,
} from '@portal/domain';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { enqueueMail } from '../../adapters/mail/outbox.ts';
import { compose, type MailCtx } from '../../adapters/mail/templates.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  emailTokens,
  staffMembers,
  staffRecoveryCodes,
  staffSessions,
  users,
} from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { randomToken, sha256 } from '../../lib/secrets.ts';
import type { Principal } from '../../plugins/authenticate.ts';
import { hashPassword } from '../auth/auth.service.ts';
import { revokeAllSessions } from '../auth/tokens.ts';
import { OPERATOR_KEY_LABEL, recordStaffAction } from './audit.ts';

const INVITATION = 'STAFF_INVITATION';
const INVITATION_TTL_DAYS = 7;

export const invitationLink = (ctx: AppContext, token: string) =>
  `${ctx.config.publicUrl}/staff/invitation?token=${token}`;

function invitationMail(ctx: MailCtx, to: string, firstName: string, link: string, roles: StaffRole[]) {
  return compose(
    ctx,
    to,
    `Your ${ctx.brand} staff account`,
    [
      `Hi ${firstName},`,
      `You have been invited to the ${ctx.brand} staff console (${roles.join(', ')}).`,
      'Choose a password with the link below, then set up an authenticator app on your phone: the console asks for its code each time you sign in.',
      `The link works once and expires in ${INVITATION_TTL_DAYS} days.`,
    ],
    { label: 'Set up my staff account', url: link },
  );
}

/** A new invitation link for the account; an earlier unused one stops working. */
async function issueInvitation(tx: DbOrTx, userId: string): Promise<string> {
  await tx
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, INVITATION), isNull(emailTokens.usedAt)),
    );
  const token = randomToken();
  await tx.insert(emailTokens).values({
    userId,
    purpose: INVITATION,
    tokenHash: sha256(token),
    expiresAt: sql`now() + make_interval(days => ${INVITATION_TTL_DAYS})`,
  });
  return token;
}

/** The name the log and the staff list give whoever invited: a person's id, or the operator key. */
const inviterOf = (principal: Principal) =>
  principal.sessionId === 'operator-key' ? OPERATOR_KEY_LABEL : principal.userId;

/**
 * Invites a staff member: a new account with these roles, no usable password and its email not yet
 * verified, and an emailed link to set a password (then the second factor). Inviting an email that is
 * already invited and has not accepted sends a new link. Any other existing account is refused: staff
 * accounts have an email of their own, so a customer's account never gains staff roles by mistake.
 */
export async function inviteStaff(ctx: AppContext, principal: Principal, input: StaffInvitation) {
  const placeholderHash = await hashPassword(randomToken());
  const roles = staffRolesOf(input.roles);
  return ctx.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: users.id, acceptedAt: staffMembers.acceptedAt, member: staffMembers.userId })
      .from(users)
      .leftJoin(staffMembers, eq(staffMembers.userId, users.id))
      .where(eq(users.email, input.email));
    if (existing && (!existing.member || existing.acceptedAt)) throw conflict(STAFF_MESSAGES.emailTaken);
    let id = existing?.id;
    if (!id) {
      const [created] = await tx
        .insert(users)
        .values({
          email: input.email,
          passwordHash: placeholderHash,
          firstName: input.firstName,
          lastName: input.lastName,
          authorities: roles,
        })
        .returning({ id: users.id });
      if (!created) throw new Error('insert returned no row');
      id = created.id;
      await tx.insert(staffMembers).values({ userId: id, invitedBy: inviterOf(principal) });
    } else {
      await tx
        .update(users)
        .set({
          firstName: input.firstName,
          lastName: input.lastName,
          authorities: roles,
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, id));
      await tx
        .update(staffMembers)
        .set({ invitedBy: inviterOf(principal), invitedAt: sql`now()`, disabledAt: null })
        .where(eq(staffMembers.userId, id));
    }
    const link = invitationLink(ctx, await issueInvitation(tx, id));
    await enqueueMail(tx, invitationMail(ctx.mail, input.email, input.firstName, link, roles));
    await recordStaffAction(tx, principal, {
      action: 'staff.invite',
      entity: 'user',
      entityId: id,
      subjectId: id,
      after: { email: input.email, firstName: input.firstName, lastName: input.lastName, roles },
    });
    return { id, invitationLink: link };
  });
}

/**
 * The invitee chooses a password through the link: the link proves the email, so it is verified too.
 * Answers the email, so the web app can sign in with it and go on to the second factor.
 */
export async function acceptInvitation(ctx: AppContext, token: string, password: string) {
  const passwordHash = await hashPassword(password);
  return ctx.db.transaction(async (tx) => {
    const [link] = await tx
      .update(emailTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(emailTokens.tokenHash, sha256(token)),
          eq(emailTokens.purpose, INVITATION),
          isNull(emailTokens.usedAt),
          sql`${emailTokens.expiresAt} > now()`,
        ),
      )
      .returning({ userId: emailTokens.userId });
    const [member] = link
      ? await tx
          .select({ disabledAt: staffMembers.disabledAt })
          .from(staffMembers)
          .where(eq(staffMembers.userId, link.userId))
      : [];
    if (!link || !member || member.disabledAt) throw invalid(STAFF_MESSAGES.invitationInvalid);
    const [user] = await tx
      .update(users)
      .set({
        passwordHash,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, link.userId))
      .returning({ email: users.email, authorities: users.authorities });
    if (!user) throw invalid(STAFF_MESSAGES.invitationInvalid);
    await tx.update(staffMembers).set({ acceptedAt: sql`now()` }).where(eq(staffMembers.userId, link.userId));
    const self: Principal = { userId: link.userId, authorities: user.authorities, sessionId: 'invitation' };
    await recordStaffAction(tx, self, {
      action: 'staff.invitation.accept',
      entity: 'user',
      entityId: link.userId,
      subjectId: link.userId,
    });
    return { email: user.email };
  });
}

/** Every staff account, active ones first, by name. A team, not a customer base: no paging needed. */
export async function listStaff(ctx: AppContext): Promise<{ staff: StaffMember[] }> {
  const rows = await ctx.db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      authorities: users.authorities,
      acceptedAt: staffMembers.acceptedAt,
      confirmedAt: staffMembers.totpConfirmedAt,
      invitedAt: staffMembers.invitedAt,
      disabledAt: staffMembers.disabledAt,
    })
    .from(staffMembers)
    .innerJoin(users, eq(users.id, staffMembers.userId))
    .orderBy(sql`${staffMembers.disabledAt} is not null`, asc(users.lastName), asc(users.firstName))
    .limit(1000);
  return {
    staff: rows.map((row) => ({
      id: row.id,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      roles: staffRolesOf(row.authorities),
      status: row.disabledAt ? 'DISABLED' : row.acceptedAt ? 'ACTIVE' : 'INVITED',
      enrolled: row.confirmedAt !== null,
      invitedAt: row.invitedAt.toISOString(),
      disabledAt: row.disabledAt?.toISOString() ?? null,
    })),
  };
}

/** The staff member `id`, locked for the change; refused when there is none (or it is disabled). */
async function memberForChange(tx: DbOrTx, id: string) {
  const [member] = await tx
    .select({ authorities: users.authorities, disabledAt: staffMembers.disabledAt, email: users.email })
    .from(staffMembers)
    .innerJoin(users, eq(users.id, staffMembers.userId))
    .where(eq(staffMembers.userId, id))
    .for('update');
  if (!member) throw notFound(STAFF_MESSAGES.staffNotFound);
  if (member.disabledAt) throw conflict(STAFF_MESSAGES.disabled);
  return member;
}

/** Whether another active staff account holds ADMIN, so this one may lose it. */
async function anotherAdmin(tx: DbOrTx, id: string) {
  const [other] = await tx
    .select({ id: users.id })
    .from(staffMembers)
    .innerJoin(users, eq(users.id, staffMembers.userId))
    .where(and(ne(users.id, id), isNull(staffMembers.disabledAt), sql`'ADMIN' = any(${users.authorities})`))
    .limit(1);
  return Boolean(other);
}

/** Sets a staff member's roles; their pages open or close on their next request. */
export async function updateStaffRoles(
  ctx: AppContext,
  principal: Principal,
  id: string,
  roles: StaffRole[],
) {
  return ctx.db.transaction(async (tx) => {
    const member = await memberForChange(tx, id);
    const before = staffRolesOf(member.authorities);
    const after = staffRolesOf(roles);
    if (before.includes('ADMIN') && !after.includes('ADMIN') && !(await anotherAdmin(tx, id)))
      throw conflict(STAFF_MESSAGES.lastAdmin);
    const others = member.authorities.filter((a) => !isStaffRole(a));
    await tx
      .update(users)
      .set({ authorities: [...others, ...after], updatedAt: sql`now()` })
      .where(eq(users.id, id));
    await recordStaffAction(tx, principal, {
      action: 'staff.roles.change',
      entity: 'user',
      entityId: id,
      subjectId: id,
      before: { roles: before },
      after: { roles: after },
    });
    return { roles: after };
  });
}

/**
 * Disables a staff account for good: its roles go, every session ends at once, and the invitation and
 * second factor stop working. The account row stays, so the audit log keeps naming who did what.
 */
export async function disableStaff(ctx: AppContext, principal: Principal, id: string) {
  if (id === principal.userId) throw invalid(STAFF_MESSAGES.notYourself);
  await ctx.db.transaction(async (tx) => {
    const member = await memberForChange(tx, id);
    const before = staffRolesOf(member.authorities);
    if (before.includes('ADMIN') && !(await anotherAdmin(tx, id))) throw conflict(STAFF_MESSAGES.lastAdmin);
    await tx
      .update(users)
      .set({ authorities: member.authorities.filter((a) => !isStaffRole(a)), updatedAt: sql`now()` })
      .where(eq(users.id, id));
    await tx.update(staffMembers).set({ disabledAt: sql`now()` }).where(eq(staffMembers.userId, id));
    await tx
      .update(emailTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(eq(emailTokens.userId, id), eq(emailTokens.purpose, INVITATION), isNull(emailTokens.usedAt)),
      );
    await tx.delete(staffSessions).where(eq(staffSessions.userId, id));
    await revokeAllSessions(tx, id);
    await recordStaffAction(tx, principal, {
      action: 'staff.disable',
      entity: 'user',
      entityId: id,
      subjectId: id,
      before: { roles: before, status: 'ACTIVE' },
      after: { roles: [], status: 'DISABLED' },
    });
  });
}

/**
 * A lost phone: the staff member's authenticator app and recovery codes are removed and their sessions
 * lose the second factor, so their next sign-in sets up a new app.
 */
export async function resetSecondFactor(ctx: AppContext, principal: Principal, id: string) {
  if (id === principal.userId) throw invalid(STAFF_MESSAGES.notYourself);
  await ctx.db.transaction(async (tx) => {
    await memberForChange(tx, id);
    await tx
      .update(staffMembers)
      .set({ totpSecretSealed: null, totpConfirmedAt: null, totpLastStep: null })
      .where(eq(staffMembers.userId, id));
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, id));
    await tx.delete(staffSessions).where(eq(staffSessions.userId, id));
    await recordStaffAction(tx, principal, {
      action: 'staff.second_factor.reset',
      entity: 'user',
      entityId: id,
      subjectId: id,
      before: { enrolled: true },
      after: { enrolled: false },
    });
  });
}
