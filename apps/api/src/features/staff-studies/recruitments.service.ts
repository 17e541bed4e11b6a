import {
  CONSENTS_PER_RECRUITMENT_MAX,
  RECRUITMENT_PAGE_SIZE,
  RECRUITMENT_STAFF_MESSAGES,
  type StaffCandidateRow,
  type StaffRecruitmentConsent,
  type StaffRecruitmentDetail,
  type StaffRecruitmentRow,
  type staffConsentInputSchema,
} from '@portal/domain';
import { and, asc, desc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { candidateResponses, candidates, recruitmentConsents, recruitments } from '../../db/schema/index.ts';
import { sanitiseConsentHtml } from '../../lib/consent-html.ts';
import type { AppContext } from '../../lib/context.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { idCursor, keysetPage } from '../../lib/keyset-page.ts';
import type { Principal } from '../../plugins/authenticate.ts';
import { candidateContact, consentWords, createCandidate, createRecruitment } from '../recruitment/index.ts';
import { recordStaffAction } from '../staff/index.ts';

/**
 * Recruitments in the console (STUDY): the list, a new one with its consent chain (ops recruitment:create),
 * a consent edited while nobody has answered it or added at the end of the chain, the preview of consent
 * HTML as it would be stored, and the candidates with their answers and unsubscribe state. Every change
 * is audited in its transaction.
 */
type ConsentInput = z.output<typeof staffConsentInputSchema>;

// Drizzle leaves columns of a one-table select unqualified, so the outer row is named in full.
const counts = {
  consents: sql<number>`(select count(*)::int from "recruitment_consents" c where c.recruitment_id = "recruitments"."id")`,
  candidates: sql<number>`(select count(*)::int from "candidates" c where c.recruitment_id = "recruitments"."id")`,
  unsubscribed: sql<number>`(select count(*)::int from "candidates" c where c.recruitment_id = "recruitments"."id" and c.unsubscribed_at is not null)`,
};

async function recruitmentRows(
  db: DbOrTx,
  where: SQL | undefined,
  limit: number,
): Promise<StaffRecruitmentRow[]> {
  const rows = await db
    .select({ recruitment: recruitments, ...counts })
    .from(recruitments)
    .where(where)
    .orderBy(desc(recruitments.id))
    .limit(limit);
  return rows.map(({ recruitment, ...n }) => ({
    id: recruitment.id,
    title: recruitment.title,
    terminated: recruitment.terminated,
    createdAt: recruitment.createdAt.toISOString(),
    consents: Number(n.consents),
    candidates: Number(n.candidates),
    unsubscribed: Number(n.unsubscribed),
  }));
}

export async function listRecruitments(db: DbOrTx, after?: string) {
  const rows = await recruitmentRows(
    db,
    after ? lt(recruitments.id, Number(after)) : undefined,
    RECRUITMENT_PAGE_SIZE + 1,
  );
  const { page, next } = keysetPage(rows, RECRUITMENT_PAGE_SIZE, idCursor);
  return { recruitments: page, next };
}

/** The consents of a recruitment in the order of the chain: the one nobody points at first. */
async function chainOf(db: DbOrTx, recruitmentId: number): Promise<StaffRecruitmentConsent[]> {
  const rows = await db
    .select({
      consent: recruitmentConsents,
      responses: sql<number>`(select count(*)::int from "candidate_responses" r where r.consent_id = "recruitment_consents"."id")`,
    })
    .from(recruitmentConsents)
    .where(eq(recruitmentConsents.recruitmentId, recruitmentId))
    .orderBy(asc(recruitmentConsents.id));
  const byId = new Map(rows.map((r) => [r.consent.id, r]));
  const pointedAt = new Set(rows.map((r) => r.consent.nextConsentId));
  const ordered: typeof rows = [];
  let next = rows.find((r) => !pointedAt.has(r.consent.id));
  while (next && !ordered.includes(next)) {
    ordered.push(next);
    next = next.consent.nextConsentId ? byId.get(next.consent.nextConsentId) : undefined;
  }
  return ordered.map(({ consent, responses }) => ({
    ...consentWords(consent),
    responses: Number(responses),
    version: consent.version,
  }));
}

export async function recruitmentDetail(db: DbOrTx, id: number): Promise<StaffRecruitmentDetail> {
  const [row] = await recruitmentRows(db, eq(recruitments.id, id), 1);
  if (!row) throw notFound(RECRUITMENT_STAFF_MESSAGES.recruitmentNotFound);
  return { ...row, chain: await chainOf(db, id) };
}

/** The consent's HTML parts as they would be stored; a text that cleaning empties is refused. */
function cleaned(consent: ConsentInput) {
  const htmlContent = sanitiseConsentHtml(consent.htmlContent);
  const title = sanitiseConsentHtml(consent.title);
  if (!htmlContent.trim() || !title.trim())
    throw invalid(RECRUITMENT_STAFF_MESSAGES.emptyAfterCleaning, {
      [htmlContent.trim() ? 'title' : 'htmlContent']: RECRUITMENT_STAFF_MESSAGES.emptyAfterCleaning,
    });
  return {
    title,
    htmlContent,
    agreeLabel: consent.agreeLabel,
    disagreeLabel: consent.disagreeLabel,
    url: consent.url ?? null,
    thanksResponse: consent.thanksResponse ? sanitiseConsentHtml(consent.thanksResponse) : null,
  };
}

export function previewConsent(input: { title: string; htmlContent: string; thanksResponse: string }) {
  return {
    title: sanitiseConsentHtml(input.title),
    htmlContent: sanitiseConsentHtml(input.htmlContent),
    thanksResponse: sanitiseConsentHtml(input.thanksResponse),
  };
}

export async function createRecruitmentByStaff(
  ctx: AppContext,
  principal: Principal,
  input: { title: string; consents: ConsentInput[] },
) {
  for (const consent of input.consents) cleaned(consent);
  return ctx.db.transaction(async (tx) => {
    const created = await createRecruitment({ ...ctx, db: tx }, input);
    await recordStaffAction(tx, principal, {
      action: 'recruitment.create',
      entity: 'recruitment',
      entityId: String(created.id),
      after: { title: input.title, consentIds: created.consentIds },
    });
    return recruitmentDetail(tx, created.id);
  });
}

/** Locks the recruitment for a change to its chain (two editors never link the chain twice). */
async function lockRecruitment(tx: DbOrTx, id: number) {
  const [row] = await tx
    .select({ id: recruitments.id })
    .from(recruitments)
    .where(eq(recruitments.id, id))
    .for('update');
  if (!row) throw notFound(RECRUITMENT_STAFF_MESSAGES.recruitmentNotFound);
}

export async function updateConsent(
  ctx: AppContext,
  principal: Principal,
  recruitmentId: number,
  consentId: number,
  input: ConsentInput & { version: number },
) {
  const { version, ...words } = input;
  const values = cleaned(words);
  return ctx.db.transaction(async (tx) => {
    await lockRecruitment(tx, recruitmentId);
    const chain = await chainOf(tx, recruitmentId);
    const before = chain.find((c) => c.id === consentId);
    if (!before) throw notFound(RECRUITMENT_STAFF_MESSAGES.consentNotFound);
    if (before.responses > 0) throw conflict(RECRUITMENT_STAFF_MESSAGES.answered);
    // Two console windows: the second change from the version both loaded is refused.
    if (version !== before.version) throw conflict(RECRUITMENT_STAFF_MESSAGES.staleConsent);
    await tx
      .update(recruitmentConsents)
      .set({ ...values, version: sql`${recruitmentConsents.version} + 1` })
      .where(eq(recruitmentConsents.id, consentId));
    const { responses: _r, id: _i, version: _v, ...old } = before;
    await recordStaffAction(tx, principal, {
      action: 'recruitment.consent.change',
      entity: 'recruitment',
      entityId: String(recruitmentId),
      before: { consentId, ...old },
      after: { consentId, ...values },
    });
    return recruitmentDetail(tx, recruitmentId);
  });
}

export async function appendConsent(
  ctx: AppContext,
  principal: Principal,
  recruitmentId: number,
  input: ConsentInput,
) {
  const values = cleaned(input);
  return ctx.db.transaction(async (tx) => {
    await lockRecruitment(tx, recruitmentId);
    const chain = await chainOf(tx, recruitmentId);
    if (chain.length >= CONSENTS_PER_RECRUITMENT_MAX)
      throw invalid(RECRUITMENT_STAFF_MESSAGES.tooManyConsents);
    const [added] = await tx
      .insert(recruitmentConsents)
      .values({ recruitmentId, ...values })
      .returning({ id: recruitmentConsents.id });
    if (!added) throw new Error('consent not inserted');
    const last = chain.at(-1);
    if (last)
      await tx
        .update(recruitmentConsents)
        .set({ nextConsentId: added.id })
        .where(eq(recruitmentConsents.id, last.id));
    await recordStaffAction(tx, principal, {
      action: 'recruitment.consent.add',
      entity: 'recruitment',
      entityId: String(recruitmentId),
      after: { consentId: added.id, after: last?.id ?? null, title: values.title },
    });
    return recruitmentDetail(tx, recruitmentId);
  });
}

/** Candidates newest first, by keyset on (created_at as PostgreSQL writes it, id), with their answers. */
export async function listCandidates(db: DbOrTx, recruitmentId: number, after?: string) {
  await recruitmentDetail(db, recruitmentId);
  const [at, id] = after ? after.split('|') : [];
  const rows = await db
    .select({ candidate: candidates, cursor: sql<string>`${candidates.createdAt}::text` })
    .from(candidates)
    .where(
      and(
        eq(candidates.recruitmentId, recruitmentId),
        at && id
          ? sql`(${candidates.createdAt}, ${candidates.id}) < (${at}::timestamptz, ${id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(candidates.createdAt), desc(candidates.id))
    .limit(RECRUITMENT_PAGE_SIZE + 1);
  const { page, next } = keysetPage(rows, RECRUITMENT_PAGE_SIZE, (r) => `${r.cursor}|${r.candidate.id}`);
  const answers = page.length
    ? await db
        .select({
          candidateId: candidateResponses.candidateId,
          consentId: candidateResponses.consentId,
          title: recruitmentConsents.title,
          consented: candidateResponses.consented,
          respondedAt: candidateResponses.respondedAt,
        })
        .from(candidateResponses)
        .innerJoin(recruitmentConsents, eq(recruitmentConsents.id, candidateResponses.consentId))
        .where(
          inArray(
            candidateResponses.candidateId,
            page.map((r) => r.candidate.id),
          ),
        )
        .orderBy(asc(candidateResponses.consentId))
    : [];
  return {
    candidates: page.map(
      ({ candidate: c }): StaffCandidateRow => ({
        ...candidateContact(c),
        source: c.source,
        emailValidatedAt: c.emailValidatedAt?.toISOString() ?? null,
        unsubscribedAt: c.unsubscribedAt?.toISOString() ?? null,
        createdAt: c.createdAt.toISOString(),
        answers: answers
          .filter((a) => a.candidateId === c.id)
          .map(({ candidateId: _c, respondedAt, ...a }) => ({
            ...a,
            respondedAt: respondedAt.toISOString(),
          })),
      }),
    ),
    next,
  };
}

/** A candidate the study invites (ops candidate:create): their consent and unsubscribe links. */
export async function inviteCandidate(
  ctx: AppContext,
  principal: Principal,
  recruitmentId: number,
  input: { email: string; firstName: string; lastName: string; phoneNumber?: string | undefined },
) {
  await recruitmentDetail(ctx.db, recruitmentId);
  return ctx.db.transaction(async (tx) => {
    const created = await createCandidate({ ...ctx, db: tx }, recruitmentId, input);
    await recordStaffAction(tx, principal, {
      action: 'recruitment.candidate.invite',
      entity: 'recruitment',
      entityId: String(recruitmentId),
      after: { candidateId: created.id, email: input.email.trim().toLowerCase() },
    });
    return created;
  });
}
