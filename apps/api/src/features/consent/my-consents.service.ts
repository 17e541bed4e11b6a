import {
  type ConsentActor,
  type ConsentAnswer,
  type ConsentDocument,
  type ConsentPage,
  MY_CONSENTS_TEXTS,
  type MyConsent,
  type MyConsents,
} from '@portal/domain';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { consentResponses, consents, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { pendingReconsent, versionsOf } from './ledger.service.ts';
import { researchUseOf } from './research-use.ts';

/**
 * "Your consents" (issue 23): every consent the person answered, with each answer's document version
 * and time. Answers are never overwritten: a new answer, and a withdrawal, is a row of its own, so the
 * record of what was agreed to, and when, stays whole.
 */
export async function listMyConsents(
  db: DbOrTx,
  userId: string,
  onlyConsentId?: number,
): Promise<MyConsents> {
  const rows = await db
    .select({
      consentId: consentResponses.consentId,
      title: consents.title,
      currentVersion: consents.version,
      consented: consentResponses.consented,
      withdrawal: consentResponses.withdrawal,
      version: consentResponses.consentVersion,
      at: consentResponses.createdAt,
      actor: consentResponses.actor,
      page: consentResponses.page,
    })
    .from(consentResponses)
    .innerJoin(consents, eq(consents.id, consentResponses.consentId))
    .where(
      and(
        eq(consentResponses.consenterId, userId),
        onlyConsentId === undefined ? undefined : eq(consentResponses.consentId, onlyConsentId),
      ),
    )
    .orderBy(desc(consentResponses.createdAt), desc(consentResponses.id));
  const byConsent = new Map<number, MyConsent>();
  for (const row of rows) {
    const answer: ConsentAnswer = row.withdrawal ? 'WITHDRAWN' : row.consented ? 'AGREED' : 'DECLINED';
    const entry = {
      answer,
      version: row.version,
      at: row.at.toISOString(),
      actor: row.actor as ConsentActor,
      page: row.page as ConsentPage | null,
    };
    const known = byConsent.get(row.consentId);
    if (known) known.history.push(entry);
    else
      byConsent.set(row.consentId, {
        consentId: row.consentId,
        title: row.title,
        currentVersion: row.currentVersion,
        latest: entry,
        withdrawable: answer === 'AGREED',
        history: [entry],
        document: 'CONSENT',
        versions: [],
        reconsentDue: false,
      });
  }
  // Each document's versions, to read and compare, and whether a material change awaits an answer.
  const ids = [...byConsent.keys()];
  const documents = ids.length ? await db.select().from(consents).where(inArray(consents.id, ids)) : [];
  const versions = await versionsOf(db, documents);
  const pending = new Set((await pendingReconsent(db, userId)).map((p) => p.consentId));
  for (const document of documents) {
    const mine = byConsent.get(document.id);
    if (!mine) continue;
    mine.document = document.document as ConsentDocument;
    mine.versions = versions.get(document.id) ?? [];
    mine.reconsentDue = pending.has(document.id);
  }
  return { consents: [...byConsent.values()], researchUse: await researchUseOf(db, userId) };
}

/**
 * Withdraws consent the person gave: a WITHDRAWN answer, to the version they had agreed to, at this
 * moment; and the behaviour the consent governs changes with it (the Future Insight consent's
 * agree_to_data_usage turns false). Consent not given, or already withdrawn, is refused and nothing
 * changes.
 */
export async function withdrawConsent(ctx: AppContext, userId: string, consentId: number) {
  return ctx.db.transaction(async (tx) => {
    // Two withdrawals at once: the second waits here, then finds the first and is refused.
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for update`);
    const [latest] = await tx
      .select({
        consented: consentResponses.consented,
        version: consentResponses.consentVersion,
        actor: consentResponses.actor,
        userField: consents.userField,
      })
      .from(consentResponses)
      .innerJoin(consents, eq(consents.id, consentResponses.consentId))
      .where(and(eq(consentResponses.consentId, consentId), eq(consentResponses.consenterId, userId)))
      .orderBy(desc(consentResponses.createdAt), desc(consentResponses.id))
      .limit(1);
    if (!latest) throw notFound(MY_CONSENTS_TEXTS.notFound);
    if (!latest.consented) throw conflict(MY_CONSENTS_TEXTS.notGiven);
    await tx.insert(consentResponses).values({
      consentId,
      consenterType: 'USER',
      consenterId: userId,
      consented: false,
      withdrawal: true,
      consentVersion: latest.version,
      actor: await actorOf(tx, userId),
      page: 'PROFILE',
    });
    if (latest.userField === 'agree_to_data_usage')
      await tx
        .update(users)
        .set({ agreeToDataUsage: false, updatedAt: sql`now()` })
        .where(eq(users.id, userId));
    const [withdrawn] = (await listMyConsents(tx, userId, consentId)).consents;
    if (!withdrawn) throw new Error('withdrawal not recorded');
    return withdrawn;
  });
}

/** Who answers from this account: a guardian account's answers are the guardian's, for the child. */
export async function actorOf(db: DbOrTx, userId: string): Promise<ConsentActor> {
  const [user] = await db.select({ guardian: users.guardian }).from(users).where(eq(users.id, userId));
  return user?.guardian ? 'GUARDIAN' : 'SELF';
}
