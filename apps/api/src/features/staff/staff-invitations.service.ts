import { STAFF_MESSAGES, type StaffInvitation, staffRolesOf } from '@portal/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { emailTokens, staffMembers, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { conflict, invalid } from '../../lib/errors.ts';
import { randomToken, sha256 } from '../../lib/secrets.ts';
import type { Principal } from '../../plugins/authenticate.ts';
import { OPERATOR_KEY_LABEL, recordStaffAction } from '../../plugins/staff-audit.ts';
import { hashPassword, setPasswordFromLink } from '../auth/index.ts';
import { notifyAddress } from '../notifications/index.ts';

/** Staff invitations: an admin invites by email, the invitee sets a password through the link. */

const INVITATION = 'STAFF_INVITATION';
const INVITATION_TTL_DAYS = 7;

export const invitationLink = (ctx: AppContext, token: string) =>
  `${ctx.config.publicUrl}/staff/invitation?token=${token}`;

/** Ends the account's unused invitation link, if it has one. */
export async function voidInvitation(tx: DbOrTx, userId: string) {
  await tx
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, INVITATION), isNull(emailTokens.usedAt)),
    );
}

/** A new invitation link for the account; an earlier unused one stops working. */
async function issueInvitation(tx: DbOrTx, userId: string): Promise<string> {
  await voidInvitation(tx, userId);
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
      .select({
        id: users.id,
        acceptedAt: staffMembers.acceptedAt,
        member: staffMembers.userId,
        disabledAt: staffMembers.disabledAt,
      })
      .from(users)
      .leftJoin(staffMembers, eq(staffMembers.userId, users.id))
      .where(eq(users.email, input.email));
    if (existing?.member && existing.acceptedAt && existing.disabledAt)
      throw conflict(STAFF_MESSAGES.disabledInvite);
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
    // A staff invitation is a notification with no inbox: email only (decision 058).
    await notifyAddress(ctx, tx, input, {
      kind: 'staff-invitation',
      roles,
      link,
      ttlDays: INVITATION_TTL_DAYS,
    });
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
    const [user] = await setPasswordFromLink(tx, link.userId, passwordHash);
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
