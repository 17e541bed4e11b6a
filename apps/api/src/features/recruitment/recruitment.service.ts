// Over 300 lines: one recruitment's whole life (expression of interest, email validation, consent, the
// coordinator's candidate list) shares its queries and messages; split it when a part grows on its own.
import { ERROR_CODES, mailGreeting, RECRUITMENT_MESSAGES, type RecruitmentConsent } from '@portal/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { queueMail } from '../../adapters/mail/outbox.ts';
import { compose } from '../../adapters/mail/templates.ts';
import type { DbOrTx } from '../../db/client.ts';
import { candidateResponses, candidates, recruitmentConsents, recruitments } from '../../db/schema/index.ts';
import { sanitiseConsentHtml } from '../../lib/consent-html.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError, conflict, forbidden, invalid, notFound } from '../../lib/errors.ts';
import { signToken, type TokenKind, verifyToken } from '../../lib/jwt.ts';
import { candidateContact, consentWords } from './consent-words.ts';

const UNSUBSCRIBE_TOKEN: TokenKind = { audience: 'unsubscribe', ttlSeconds: 365 * 86400 };
/** The token of an expression of interest's validation link: proof that the candidate reads that inbox. */
const VALIDATION_TOKEN: TokenKind = { audience: 'candidate-email', ttlSeconds: 30 * 86400 };

/** A signed, expiring unsubscribe token naming the candidate. */
export function unsubscribeToken(ctx: AppContext, candidateId: string) {
  return signToken(ctx.jwtSecret, UNSUBSCRIBE_TOKEN, { cid: candidateId });
}

/** The candidate's unsubscribe page: in their invitation, and at the end of a study mail-out to them. */
export const candidateUnsubscribeUrl = (ctx: AppContext, candidateId: string) =>
  `${ctx.mail.publicUrl}/unsubscribe?token=${unsubscribeToken(ctx, candidateId)}`;
/** RFC 8058: the List-Unsubscribe address of a mail-out to candidates, where a mail client POSTs. */
export const candidateOneClickUrl = (ctx: AppContext, candidateId: string) =>
  `${ctx.mail.publicUrl}/api/recruitment/unsubscribe/one-click?token=${unsubscribeToken(ctx, candidateId)}`;

async function candidateFromToken(ctx: AppContext, token: string | undefined) {
  if (!token) throw invalid(RECRUITMENT_MESSAGES.missingToken);
  let candidateId: string;
  try {
    const payload = verifyToken(ctx.jwtSecret, UNSUBSCRIBE_TOKEN.audience, token);
    candidateId = String(payload.cid);
  } catch {
    throw invalid(RECRUITMENT_MESSAGES.missingToken);
  }
  const [candidate] = await ctx.db.select().from(candidates).where(eq(candidates.id, candidateId));
  if (!candidate) throw invalid(RECRUITMENT_MESSAGES.missingToken);
  return candidate;
}

export const links = async (
  ctx: AppContext,
  candidate: { id: string; recruitmentId: number },
  firstConsentId: number | null,
) => ({
  consentLink: firstConsentId
    ? `${ctx.mail.publicUrl}/recruitment/${candidate.recruitmentId}/candidate/${candidate.id}/consent/${firstConsentId}`
    : null,
  unsubscribeLink: candidateUnsubscribeUrl(ctx, candidate.id),
});

/** ops recruitment:create: a recruitment and its consent chain, in the order given. */
export async function createRecruitment(
  ctx: AppContext,
  input: {
    title: string;
    consents: {
      title: string;
      htmlContent: string;
      agreeLabel: string;
      disagreeLabel: string;
      url?: string | undefined;
      thanksResponse?: string | undefined;
    }[];
  },
) {
  return ctx.db.transaction(async (tx) => {
    const [recruitment] = await tx.insert(recruitments).values({ title: input.title }).returning();
    if (!recruitment) throw new Error('recruitment not created');
    const ids: number[] = [];
    for (const consent of input.consents) {
      const [row] = await tx
        .insert(recruitmentConsents)
        .values({
          recruitmentId: recruitment.id,
          // The title and thank-you are shown as HTML too, so they pass the same allow-list as the body.
          title: sanitiseConsentHtml(consent.title),
          htmlContent: sanitiseConsentHtml(consent.htmlContent),
          agreeLabel: consent.agreeLabel,
          disagreeLabel: consent.disagreeLabel,
          url: consent.url ?? null,
          thanksResponse: consent.thanksResponse ? sanitiseConsentHtml(consent.thanksResponse) : null,
        })
        .returning({ id: recruitmentConsents.id });
      if (row) ids.push(row.id);
    }
    for (let i = 0; i < ids.length - 1; i++)
      await tx
        .update(recruitmentConsents)
        .set({ nextConsentId: ids[i + 1] })
        .where(eq(recruitmentConsents.id, ids[i] as number));
    return { id: recruitment.id, consentIds: ids };
  });
}

async function firstConsentId(db: DbOrTx, recruitmentId: number): Promise<number | null> {
  const rows = await db
    .select({ id: recruitmentConsents.id, next: recruitmentConsents.nextConsentId })
    .from(recruitmentConsents)
    .where(eq(recruitmentConsents.recruitmentId, recruitmentId))
    .orderBy(asc(recruitmentConsents.id));
  const pointedAt = new Set(rows.map((r) => r.next));
  return rows.find((r) => !pointedAt.has(r.id))?.id ?? null;
}

/** ops candidate:create: a candidate invited by the study; prints their consent and unsubscribe links. */
export async function createCandidate(
  ctx: AppContext,
  recruitmentId: number,
  input: { email: string; firstName: string; lastName: string; phoneNumber?: string | undefined },
) {
  const [recruitment] = await ctx.db.select().from(recruitments).where(eq(recruitments.id, recruitmentId));
  if (!recruitment) throw notFound(`There is no recruitment ${recruitmentId}.`);
  const [candidate] = await ctx.db
    .insert(candidates)
    .values({
      recruitmentId,
      email: input.email.trim().toLowerCase(),
      firstName: input.firstName,
      lastName: input.lastName,
      phoneNumber: input.phoneNumber ?? null,
    })
    .onConflictDoNothing()
    .returning();
  if (!candidate) throw conflict('This email is already a candidate of this recruitment.');
  return { id: candidate.id, ...(await links(ctx, candidate, await firstConsentId(ctx.db, recruitmentId))) };
}

/** An expression of interest opens its consents only after its email is validated (decision 021). */
const awaitsValidation = (candidate: { source: string; emailValidatedAt: Date | null }) =>
  candidate.source === 'EXPRESSION_OF_INTEREST' && candidate.emailValidatedAt === null;

async function consentOfCandidate(
  ctx: AppContext,
  recruitmentId: number,
  candidateId: string,
  consentId: number,
) {
  const [row] = await ctx.db
    .select({ consent: recruitmentConsents, candidate: candidates, recruitment: recruitments })
    .from(recruitmentConsents)
    .innerJoin(recruitments, eq(recruitments.id, recruitmentConsents.recruitmentId))
    .innerJoin(candidates, and(eq(candidates.recruitmentId, recruitments.id), eq(candidates.id, candidateId)))
    .where(and(eq(recruitmentConsents.id, consentId), eq(recruitments.id, recruitmentId)));
  if (!row) throw notFound(RECRUITMENT_MESSAGES.notFound);
  if (awaitsValidation(row.candidate))
    throw forbidden(RECRUITMENT_MESSAGES.validateFirst, ERROR_CODES.emailNotVerified);
  return row;
}

/** get recruitment consent: the consent, the candidate's earlier answer, and where the chain goes next. */
export async function getConsent(
  ctx: AppContext,
  recruitmentId: number,
  candidateId: string,
  consentId: number,
): Promise<RecruitmentConsent> {
  const { consent, candidate, recruitment } = await consentOfCandidate(
    ctx,
    recruitmentId,
    candidateId,
    consentId,
  );
  const [response] = await ctx.db
    .select()
    .from(candidateResponses)
    .where(and(eq(candidateResponses.candidateId, candidateId), eq(candidateResponses.consentId, consentId)));
  return {
    ...consentWords(consent),
    userResponse: response?.consented ?? null,
    isTerminated: recruitment.terminated,
    nextConsentId: consent.nextConsentId,
    candidate: candidateContact(candidate),
  };
}

/** put recruitment candidate consent: stores the answer and the candidate's details; returns the next consent. */
export async function answerConsent(
  ctx: AppContext,
  recruitmentId: number,
  candidateId: string,
  consentId: number,
  answer: { consented: boolean; firstName: string; lastName: string; email: string; phoneNumber: string },
) {
  const { consent, recruitment } = await consentOfCandidate(ctx, recruitmentId, candidateId, consentId);
  if (recruitment.terminated) throw conflict(RECRUITMENT_MESSAGES.terminated);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(candidates)
      .set({
        firstName: answer.firstName,
        lastName: answer.lastName,
        email: answer.email.toLowerCase(),
        phoneNumber: answer.phoneNumber,
      })
      .where(eq(candidates.id, candidateId));
    await tx
      .insert(candidateResponses)
      .values({ candidateId, consentId, consented: answer.consented })
      .onConflictDoUpdate({
        target: [candidateResponses.candidateId, candidateResponses.consentId],
        set: { consented: answer.consented, respondedAt: new Date() },
      });
  });
  return { nextConsentId: consent.nextConsentId, thanksResponse: consent.thanksResponse };
}

export async function unsubscribeInfo(ctx: AppContext, token: string | undefined) {
  const candidate = await candidateFromToken(ctx, token);
  return { firstName: candidate.firstName, unsubscribed: candidate.unsubscribedAt !== null };
}

/** post recruitment candidate unsubscribe: no further study news to this candidate. */
export async function unsubscribe(ctx: AppContext, token: string | undefined) {
  const candidate = await candidateFromToken(ctx, token);
  if (!candidate.unsubscribedAt)
    await ctx.db
      .update(candidates)
      .set({ unsubscribedAt: new Date() })
      .where(eq(candidates.id, candidate.id));
  return { message: RECRUITMENT_MESSAGES.unsubscribed };
}

export async function recruitmentInfo(ctx: AppContext, recruitmentId: number) {
  const [recruitment] = await ctx.db.select().from(recruitments).where(eq(recruitments.id, recruitmentId));
  if (!recruitment) throw notFound('There is no such study.');
  return { id: recruitment.id, title: recruitment.title, isTerminated: recruitment.terminated };
}

/**
 * The validation link of an expression of interest: the first consent, carrying a signed token that
 * proves the candidate opened the email. Opening it validates the address (validateCandidateEmail).
 */
function validationLink(ctx: AppContext, consentLink: string, candidateId: string) {
  return `${consentLink}?token=${signToken(ctx.jwtSecret, VALIDATION_TOKEN, { cid: candidateId })}`;
}

/** The candidate followed their validation link: their consents open from now on. */
export async function validateCandidateEmail(
  ctx: AppContext,
  recruitmentId: number,
  candidateId: string,
  token: string,
) {
  let tokenCandidate: unknown;
  try {
    tokenCandidate = verifyToken(ctx.jwtSecret, VALIDATION_TOKEN.audience, token).cid;
  } catch {
    throw invalid(RECRUITMENT_MESSAGES.missingToken);
  }
  if (tokenCandidate !== candidateId) throw invalid(RECRUITMENT_MESSAGES.missingToken);
  const [validated] = await ctx.db
    .update(candidates)
    .set({ emailValidatedAt: sql`coalesce(${candidates.emailValidatedAt}, now())` })
    .where(and(eq(candidates.id, candidateId), eq(candidates.recruitmentId, recruitmentId)))
    .returning({ id: candidates.id });
  if (!validated) throw notFound(RECRUITMENT_MESSAGES.notFound);
  return { validated: true };
}

/**
 * post recruitment candidate (expression of interest): a new candidate and the email that research §2's
 * thank-you promises, whose link validates the address and opens the first consent. The answer carries
 * no candidate id: that id is the consent link's credential, so only the inbox gets it. A repeated email
 * answers 400 (research §8).
 */
export async function expressInterest(
  ctx: AppContext,
  input: {
    recruitmentId: number;
    firstName: string;
    lastName: string;
    email: string;
    phoneNumber: string;
  },
) {
  const recruitment = await recruitmentInfo(ctx, input.recruitmentId);
  if (recruitment.isTerminated) throw conflict(RECRUITMENT_MESSAGES.terminated);
  return ctx.db.transaction(async (tx) => {
    const [candidate] = await tx
      .insert(candidates)
      .values({
        recruitmentId: input.recruitmentId,
        email: input.email.toLowerCase(),
        firstName: input.firstName,
        lastName: input.lastName,
        phoneNumber: input.phoneNumber,
        source: 'EXPRESSION_OF_INTEREST',
      })
      .onConflictDoNothing()
      .returning();
    if (!candidate) throw new AppError(400, 'DUPLICATE', RECRUITMENT_MESSAGES.eoiDuplicate);
    const { consentLink, unsubscribeLink } = await links(
      ctx,
      candidate,
      await firstConsentId(tx, input.recruitmentId),
    );
    // Always sent, whatever sendEmail says: without it the candidate could never give consent.
    const message = compose(
      ctx.mail,
      candidate.email,
      `Please confirm your email for ${recruitment.title}`,
      [
        mailGreeting(candidate.firstName),
        `Thank you for your interest in ${recruitment.title}. Please open the link below to confirm your email address and read about the study.`,
        `If you no longer want study news, unsubscribe here: ${unsubscribeLink}`,
      ],
      consentLink
        ? { label: 'Confirm my email', url: validationLink(ctx, consentLink, candidate.id) }
        : undefined,
    );
    await queueMail(ctx, tx, 'interest-confirmation', {
      ...message,
      links: [...message.links, unsubscribeLink],
    });
    return { message: RECRUITMENT_MESSAGES.eoiSaved };
  });
}
