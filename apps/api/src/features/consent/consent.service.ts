import {
  ACCOUNT_MESSAGES,
  CONSENT_MESSAGES,
  type ConsentPage,
  type ParentalConsentStatus,
  withBrand,
} from '@portal/domain';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { queueMail } from '../../adapters/mail/outbox.ts';
import { parentConsentMail } from '../../adapters/mail/templates.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import {
  consentFlows,
  consentResponses,
  consents,
  parentalConsentForms,
  users,
} from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError, conflict, forbidden, invalid, notFound } from '../../lib/errors.ts';
import { UnreadableFile } from '../../lib/untrusted-files.ts';
import { cancelReminders, type NotifyCtx, notify } from '../notifications/index.ts';
import { toUser } from '../users/index.ts';
import { formFileType } from './form-file.ts';
import { actorOf } from './my-consents.service.ts';

/** A consent flow with the person's latest answer to each consent. Only for the person themselves. */
export async function getConsentFlow(ctx: AppContext, userId: string, flowId: number, consenterId: string) {
  if (consenterId !== userId) throw forbidden('You can only see your own consents.');
  const [flow] = await ctx.db.select().from(consentFlows).where(eq(consentFlows.id, flowId));
  if (!flow) throw notFound('That consent flow does not exist.');
  const items = await ctx.db
    .select()
    .from(consents)
    .where(eq(consents.flowId, flowId))
    .orderBy(asc(consents.position));
  const result = [];
  for (const c of items) {
    const [latest] = await ctx.db
      .select({ consented: consentResponses.consented, createdAt: consentResponses.createdAt })
      .from(consentResponses)
      .where(and(eq(consentResponses.consentId, c.id), eq(consentResponses.consenterId, userId)))
      .orderBy(desc(consentResponses.id))
      .limit(1);
    result.push({
      id: c.id,
      title: c.title,
      htmlContent: c.htmlContent,
      agreeLabel: c.agreeLabel,
      disagreeLabel: c.disagreeLabel,
      version: c.version,
      response: latest ? { consented: latest.consented, respondedAt: latest.createdAt.toISOString() } : null,
    });
  }
  return { id: flow.id, name: flow.name, consents: result };
}

/** Records an answer with the consent's version and time; mirrors it to the user field it governs. */
export async function respondToConsent(
  ctx: AppContext,
  userId: string,
  input: {
    consentId: number;
    consenterType: 'USER';
    consenterId: string;
    consented: boolean;
    page?: ConsentPage | undefined;
  },
) {
  if (input.consenterId !== userId) throw forbidden('You can only answer your own consents.');
  return ctx.db.transaction(async (tx) => {
    const [consent] = await tx.select().from(consents).where(eq(consents.id, input.consentId));
    if (!consent) throw notFound('That consent does not exist.');
    await tx.insert(consentResponses).values({
      consentId: consent.id,
      consenterType: input.consenterType,
      consenterId: userId,
      consented: input.consented,
      consentVersion: consent.version,
      actor: await actorOf(tx, userId),
      page: input.page ?? 'PROFILE',
    });
    if (consent.userField === 'agree_to_data_usage') {
      await tx.update(users).set({ agreeToDataUsage: input.consented }).where(eq(users.id, userId));
    }
    return { consentId: consent.id, consented: input.consented, version: consent.version };
  });
}

/**
 * Who may send a consent form: an under-age account with no form awaiting review. Checked before the
 * file is read (issue 32: any adult could make the server parse a crafted file), and again in the
 * transaction that stores it.
 */
export async function assertMayUploadConsentForm(db: DbOrTx, userId: string, lock = false) {
  const query = db.select({ underAge: users.underAge }).from(users).where(eq(users.id, userId));
  const [user] = lock ? await query.for('update') : await query;
  if (!user) throw notFound(ACCOUNT_MESSAGES.notFound);
  if (!user.underAge) throw invalid(CONSENT_MESSAGES.notUnderAge);
  const [pending] = await db
    .select({ id: parentalConsentForms.id })
    .from(parentalConsentForms)
    .where(and(eq(parentalConsentForms.userId, userId), isNull(parentalConsentForms.reviewedAt)));
  if (pending) throw conflict(CONSENT_MESSAGES.requestUnderway);
}

/**
 * Stores a signed parental consent form. The type is judged by the whole file's bytes, never its name,
 * read off the server's thread within limits; while an earlier form awaits review, another is refused.
 * The person's consent goes to "under review".
 */
export async function uploadParentalConsentForm(ctx: AppContext, userId: string, content: Buffer) {
  const type = await formFileType(content).catch((error: unknown) => {
    if (error instanceof UnreadableFile)
      throw invalid(CONSENT_MESSAGES.unreadable, { file: CONSENT_MESSAGES.unreadable });
    throw error;
  });
  if (!type) throw invalid(CONSENT_MESSAGES.wrongFileType);
  await ctx.db.transaction(async (tx) => {
    await assertMayUploadConsentForm(tx, userId, true);
    await tx
      .insert(parentalConsentForms)
      .values({ userId, contentType: type, size: content.length, content });
    await tx.update(users).set({ parentConsented: null, updatedAt: sql`now()` }).where(eq(users.id, userId));
    await cancelReminders(tx, { kind: 'PARENTAL_CONSENT', userId });
  });
}

/** Emails the blank consent form's link to a parent, through the outbox. */
export async function emailParentalConsentForm(ctx: AppContext, userId: string, parentEmail: string) {
  await ctx.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    if (!user) throw notFound(ACCOUNT_MESSAGES.notFound);
    if (!user.underAge) throw invalid(CONSENT_MESSAGES.notUnderAge);
    await queueMail(
      ctx,
      tx,
      'parent-consent',
      parentConsentMail(ctx.mail, parentEmail, `${user.firstName} ${user.lastName}`),
    );
  });
  return { message: CONSENT_MESSAGES.emailSent };
}

/** Staff decide a minor's pending consent form: approve shows results, reject asks for a new form. */
export async function reviewParentalConsent(
  ctx: AppContext,
  email: string,
  approve: boolean,
  reason: string | null = null,
) {
  return ctx.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
    if (!user) throw notFound(`No account with the email ${email}.`);
    return toUser(await decideParentalConsent(ctx, tx, user, approve, reason));
  });
}

/**
 * The decision itself, inside the caller's transaction `tx` (ops consent:review, and the staff console's
 * review, which audits it in the same transaction): the pending forms are marked reviewed, with the
 * reason of a decline, the account's consent set, and the family told by email (issue 34 item 12).
 * Answers the updated row.
 */
export async function decideParentalConsent(
  ctx: NotifyCtx,
  tx: Tx,
  user: { id: string; underAge: boolean },
  approve: boolean,
  reason: string | null = null,
) {
  if (!user.underAge) throw invalid('That account is not under age; there is no parental consent to review.');
  await tx
    .update(parentalConsentForms)
    .set({ reviewedAt: sql`now()`, approved: approve, declineReason: approve ? null : reason })
    .where(and(eq(parentalConsentForms.userId, user.id), isNull(parentalConsentForms.reviewedAt)));
  const [row] = await tx
    .update(users)
    .set({ parentConsented: approve, updatedAt: sql`now()` })
    .where(eq(users.id, user.id))
    .returning();
  if (!row) throw new AppError(500, 'INTERNAL_ERROR', 'update returned no row');
  // The family is told: in the account's inbox, and by email (issue 35).
  await notify(ctx, tx, row.id, {
    kind: 'consent-decision',
    approve,
    reason: approve ? null : reason,
    supportEmail: ctx.mail.supportEmail,
  });
  return row;
}

/**
 * The person's parental consent as My Profile shows it: no form yet, one waiting for review, or the
 * newest decision, with the reason of a decline (issue 34 item 12).
 */
export async function parentalConsentStatus(ctx: AppContext, userId: string): Promise<ParentalConsentStatus> {
  const [form] = await ctx.db
    .select({
      reviewedAt: parentalConsentForms.reviewedAt,
      approved: parentalConsentForms.approved,
      declineReason: parentalConsentForms.declineReason,
    })
    .from(parentalConsentForms)
    .where(eq(parentalConsentForms.userId, userId))
    .orderBy(desc(parentalConsentForms.id))
    .limit(1);
  if (!form) return { state: 'NONE', decidedAt: null, declineReason: null };
  if (!form.reviewedAt) return { state: 'PENDING', decidedAt: null, declineReason: null };
  return {
    state: form.approved ? 'APPROVED' : 'DECLINED',
    decidedAt: form.reviewedAt.toISOString(),
    declineReason: form.approved ? null : form.declineReason,
  };
}

export const uploadFailureMessage = (brand: string) => withBrand(CONSENT_MESSAGES.uploadFailure, brand);
