import { type ConsentReview, isStaffRole, PEOPLE_MESSAGES } from '@portal/domain';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { parentalConsentForms, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import type { Principal } from '../../plugins/authenticate.ts';
import { requestPasswordReset, resendVerification, signAccessToken } from '../auth/index.ts';
import { decideParentalConsent } from '../consent/index.ts';
import { SUPPORT_VIEW_TTL_SECONDS } from '../research/index.ts';
import { recordStaffAction } from '../staff/index.ts';
import { personRow } from './person.service.ts';

/**
 * Support's actions on a person (SUPPORT), each audited in the transaction of what it does. The mail
 * ones reuse the portal's own: the same links, the same emails, the same rules (a reset link, never a
 * password set by staff).
 */

/** The auth service's functions take the app context; inside a transaction they get the transaction. */
const within = (ctx: AppContext, tx: unknown): AppContext => ({ ...ctx, db: tx as Db });

const audit = (action: string, id: string, extra: { before?: unknown; after?: unknown } = {}) => ({
  action,
  entity: 'user',
  entityId: id,
  subjectId: id,
  ...extra,
});

/** A read-only view of the person's portal (Trust): the same token as /api/auth/impersonate gives. */
export async function openSupportView(ctx: AppContext, principal: Principal, id: string) {
  const person = await personRow(ctx, id);
  if (id === principal.userId) throw invalid(PEOPLE_MESSAGES.notYourself);
  if (person.authorities.some(isStaffRole)) throw invalid(PEOPLE_MESSAGES.noStaffView);
  await recordStaffAction(ctx.db, principal, audit('person.support_view.open', id));
  const token = signAccessToken(ctx, { id, authorities: [] }, principal.sessionId, {
    actorId: principal.userId,
    ttlSeconds: SUPPORT_VIEW_TTL_SECONDS,
  });
  return {
    access_token: token,
    expires_in: SUPPORT_VIEW_TTL_SECONDS,
    user_id: id,
    actor_id: principal.userId,
  };
}

export async function sendVerificationEmail(ctx: AppContext, principal: Principal, id: string) {
  const person = await personRow(ctx, id);
  if (person.emailVerifiedAt) throw conflict(PEOPLE_MESSAGES.alreadyVerified);
  await ctx.db.transaction(async (tx) => {
    await recordStaffAction(tx, principal, audit('person.verification_email.send', id));
    await resendVerification(within(ctx, tx), person.email);
  });
  return { message: PEOPLE_MESSAGES.verificationSent };
}

export async function sendPasswordReset(ctx: AppContext, principal: Principal, id: string) {
  const person = await personRow(ctx, id);
  await ctx.db.transaction(async (tx) => {
    await recordStaffAction(tx, principal, audit('person.password_reset.send', id));
    await requestPasswordReset(within(ctx, tx), person.email);
  });
  return { message: PEOPLE_MESSAGES.resetSent };
}

/** The parental consent form waiting for review, else the newest one: its bytes and type. */
export async function consentFormFile(ctx: AppContext, principal: Principal, id: string) {
  await personRow(ctx, id);
  const [form] = await ctx.db
    .select({
      id: parentalConsentForms.id,
      contentType: parentalConsentForms.contentType,
      content: parentalConsentForms.content,
    })
    .from(parentalConsentForms)
    .where(eq(parentalConsentForms.userId, id))
    .orderBy(desc(isNull(parentalConsentForms.reviewedAt)), desc(parentalConsentForms.id))
    .limit(1);
  if (!form) throw notFound(PEOPLE_MESSAGES.noPendingForm);
  await recordStaffAction(ctx.db, principal, {
    ...audit('person.consent_form.view', id),
    after: { formId: form.id },
  });
  return form;
}

/** Approves or declines (with the reason) the minor's form waiting for review. */
export async function reviewConsentForm(
  ctx: AppContext,
  principal: Principal,
  id: string,
  review: ConsentReview,
) {
  return ctx.db.transaction(async (tx) => {
    const [person] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!person) throw notFound(PEOPLE_MESSAGES.personNotFound);
    if (!person.underAge) throw invalid(PEOPLE_MESSAGES.notUnderAge);
    const [pending] = await tx
      .select({ id: parentalConsentForms.id })
      .from(parentalConsentForms)
      .where(and(eq(parentalConsentForms.userId, id), isNull(parentalConsentForms.reviewedAt)));
    if (!pending) throw conflict(PEOPLE_MESSAGES.noPendingForm);
    const row = await decideParentalConsent(ctx, tx, person, review.approve, review.reason ?? null);
    await recordStaffAction(
      tx,
      principal,
      audit(review.approve ? 'consent.review.approve' : 'consent.review.reject', id, {
        before: { parentConsented: person.parentConsented, formId: pending.id },
        after: { parentConsented: row.parentConsented, ...(review.reason ? { reason: review.reason } : {}) },
      }),
    );
    return { parentConsented: row.parentConsented };
  });
}
