import {
  CONSENT_LEDGER_TEXTS,
  type ConsentDocument,
  type DocumentVersion,
  type DocumentVersionInfo,
  holdsStaffRole,
  type NewConsentDocument,
  type PublishVersion,
  type ReconsentItem,
  type VersionChange,
  type VersionComparison,
} from '@portal/domain';
import { diffWords } from 'diff';
import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { consentFlows, consentResponses, consents, documentVersions, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { escapeHtml } from '../../lib/html.ts';
import type { Principal } from '../../plugins/authenticate.ts';
import { notify } from '../notifications/index.ts';
import { recordStaffAction } from '../staff/index.ts';

const T = CONSENT_LEDGER_TEXTS;
type ConsentRow = typeof consents.$inferSelect;
type VersionRow = typeof documentVersions.$inferSelect;

/** A consent's stored HTML as plain text: one paragraph per block, tags dropped, entities read. */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|li|h[2-4]|blockquote)>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Staff's plain text as the consent HTML the flows render: a paragraph per blank-line block, escaped. */
export function textToHtml(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

const infoOf = (row: VersionRow): DocumentVersionInfo => ({
  version: row.version,
  effectiveDate: row.effectiveDate,
  summary: row.summary,
  change: row.change as VersionChange,
  publishedAt: row.publishedAt?.toISOString() ?? null,
});

/** The version that stands in the consents row when the console has published none for it. */
const standing = (consent: ConsentRow): DocumentVersionInfo => ({
  version: consent.version,
  effectiveDate: null,
  summary: '',
  change: 'INITIAL',
  publishedAt: null,
});

/** Every version of each of these documents, oldest first (the standing one included). */
export async function versionsOf(
  db: DbOrTx,
  list: ConsentRow[],
): Promise<Map<number, DocumentVersionInfo[]>> {
  const ids = list.map((c) => c.id);
  const rows = ids.length
    ? await db
        .select()
        .from(documentVersions)
        .where(inArray(documentVersions.consentId, ids))
        .orderBy(sql`${documentVersions.publishedAt} asc nulls first`, asc(documentVersions.id))
    : [];
  const result = new Map<number, DocumentVersionInfo[]>();
  for (const consent of list) {
    const own = rows.filter((r) => r.consentId === consent.id).map(infoOf);
    result.set(
      consent.id,
      own.some((v) => v.version === consent.version) ? own : [standing(consent), ...own],
    );
  }
  return result;
}

async function consentOf(db: DbOrTx, consentId: number) {
  const [consent] = await db.select().from(consents).where(eq(consents.id, consentId));
  if (!consent) throw notFound(T.noDocument);
  return consent;
}

/** One version of a document with its text. */
export async function readVersion(db: DbOrTx, consentId: number, version: string): Promise<DocumentVersion> {
  const consent = await consentOf(db, consentId);
  const [row] = await db
    .select()
    .from(documentVersions)
    .where(and(eq(documentVersions.consentId, consentId), eq(documentVersions.version, version)));
  const base = { consentId, document: consent.document as ConsentDocument };
  if (row) return { ...base, ...infoOf(row), title: row.title, text: row.body };
  if (version !== consent.version) throw notFound(T.noVersion(version));
  return { ...base, ...standing(consent), title: consent.title, text: htmlToText(consent.htmlContent) };
}

/** Two versions side by side, word by word: what the newer one removed and added (the `diff` library). */
export async function compareVersions(
  db: DbOrTx,
  consentId: number,
  from: string,
  to: string,
): Promise<VersionComparison> {
  const older = await readVersion(db, consentId, from);
  const newer = await readVersion(db, consentId, to);
  const parts = diffWords(older.text, newer.text).map((part) => ({
    text: part.value,
    change: part.added ? ('ADDED' as const) : part.removed ? ('REMOVED' as const) : ('SAME' as const),
  }));
  return { consentId, title: newer.title, from, to, parts };
}

type Latest = { consented: boolean; withdrawal: boolean; at: Date } | undefined;

async function latestAnswer(db: DbOrTx, userId: string, consentId: number): Promise<Latest> {
  const [row] = await db
    .select({
      consented: consentResponses.consented,
      withdrawal: consentResponses.withdrawal,
      at: consentResponses.createdAt,
    })
    .from(consentResponses)
    .where(and(eq(consentResponses.consenterId, userId), eq(consentResponses.consentId, consentId)))
    .orderBy(desc(consentResponses.createdAt), desc(consentResponses.id))
    .limit(1);
  return row;
}

/**
 * Whether a material change published at `materialAt` awaits this person's answer: a consent they had
 * agreed to before it (a refusal or a withdrawal has nothing to renew), or the terms or privacy policy
 * of an account older than the change that has not answered since.
 */
function affectedBy(document: string, latest: Latest, accountCreated: Date, materialAt: Date): boolean {
  if (document === 'CONSENT')
    return !!latest && latest.consented && !latest.withdrawal && latest.at < materialAt;
  return accountCreated < materialAt && (!latest || latest.at < materialAt);
}

/** The documents whose material change the person has not answered yet, oldest document first. */
export async function pendingReconsent(db: DbOrTx, userId: string): Promise<ReconsentItem[]> {
  const [user] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId));
  if (!user) return [];
  const material = await db
    .select({ consentId: documentVersions.consentId, at: sql<Date>`max(${documentVersions.publishedAt})` })
    .from(documentVersions)
    .where(eq(documentVersions.change, 'MATERIAL'))
    .groupBy(documentVersions.consentId);
  const pending: ReconsentItem[] = [];
  for (const m of material.sort((a, b) => a.consentId - b.consentId)) {
    const materialAt = new Date(m.at);
    const consent = await consentOf(db, m.consentId);
    const latest = await latestAnswer(db, userId, consent.id);
    if (!affectedBy(consent.document, latest, user.createdAt, materialAt)) continue;
    const since = latest?.at ?? user.createdAt;
    const changes = await db
      .select({ version: documentVersions.version, summary: documentVersions.summary })
      .from(documentVersions)
      .where(and(eq(documentVersions.consentId, consent.id), gt(documentVersions.publishedAt, since)))
      .orderBy(desc(documentVersions.publishedAt), desc(documentVersions.id));
    const current = await readVersion(db, consent.id, consent.version);
    pending.push({
      consentId: consent.id,
      document: consent.document as ConsentDocument,
      title: consent.title,
      version: consent.version,
      effectiveDate: current.effectiveDate,
      changes,
      text: current.text,
      agreeLabel: consent.agreeLabel,
      disagreeLabel: consent.disagreeLabel,
    });
  }
  return pending;
}

/** Every document with its versions, for the console. */
export async function listStaffDocuments(db: DbOrTx) {
  const list = await db.select().from(consents).orderBy(asc(consents.flowId), asc(consents.position));
  const versions = await versionsOf(db, list);
  return {
    documents: list.map((c) => ({
      consentId: c.id,
      document: c.document as ConsentDocument,
      title: c.title,
      currentVersion: c.version,
      versions: versions.get(c.id) ?? [],
    })),
  };
}

/** Who a new version concerns: a consent's current agreers; every customer account for the terms and privacy. */
async function affectedPeople(db: DbOrTx, consent: ConsentRow) {
  if (consent.document === 'CONSENT') {
    const result = await db.execute(sql`
      select u.id, u.email, u.first_name as "firstName" from (
        select distinct on (consenter_id) consenter_id, consented, withdrawal
        from ${consentResponses} where consent_id = ${consent.id}
        order by consenter_id, created_at desc, id desc
      ) latest join ${users} u on u.id = latest.consenter_id
      where latest.consented and not latest.withdrawal`);
    return (result as unknown as { rows: { id: string; email: string; firstName: string }[] }).rows;
  }
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(sql`cardinality(${users.authorities}) = 0`);
}

/**
 * Publishes a new version of a document (issue 36 item 2): STUDY for a consent, ADMIN for the terms and
 * privacy policy. The version before it is kept as it stood; the consents row takes the new text; each
 * person it concerns is mailed (a material change: they will be asked to agree again at sign-in).
 */
export async function publishVersion(
  ctx: AppContext,
  principal: Principal,
  consentId: number,
  input: PublishVersion,
) {
  return ctx.db.transaction(async (tx) => {
    const [consent] = await tx.select().from(consents).where(eq(consents.id, consentId)).for('update');
    if (!consent) throw notFound(T.noDocument);
    if (consent.document !== 'CONSENT' && !holdsStaffRole(principal.authorities, ['ADMIN']))
      throw forbidden(T.adminOnly);
    const known = await versionsOf(tx, [consent]);
    if ((known.get(consent.id) ?? []).some((v) => v.version === input.version))
      throw conflict(T.versionExists(input.version));
    const [kept] = await tx
      .select({ id: documentVersions.id })
      .from(documentVersions)
      .where(and(eq(documentVersions.consentId, consent.id), eq(documentVersions.version, consent.version)));
    if (!kept)
      await tx.insert(documentVersions).values({
        consentId: consent.id,
        version: consent.version,
        title: consent.title,
        body: htmlToText(consent.htmlContent),
        change: 'INITIAL',
        publishedAt: null,
      });
    const operator = principal.sessionId === 'operator-key';
    await tx.insert(documentVersions).values({
      consentId: consent.id,
      version: input.version,
      title: consent.title,
      body: input.text,
      effectiveDate: input.effectiveDate,
      summary: input.summary,
      change: input.change,
      publishedBy: operator ? null : principal.userId,
    });
    await tx
      .update(consents)
      .set({ version: input.version, htmlContent: textToHtml(input.text) })
      .where(eq(consents.id, consent.id));
    const people = await affectedPeople(tx, consent);
    // Each person it concerns is told: in their inbox, and by email (issue 35).
    for (const person of people)
      await notify(ctx, tx, person.id, {
        kind: 'document-change',
        material: input.change === 'MATERIAL',
        title: consent.title,
        version: input.version,
        summary: input.summary,
      });
    await recordStaffAction(tx, principal, {
      action: 'document.publish',
      entity: 'consent',
      entityId: String(consent.id),
      before: { version: consent.version },
      after: { version: input.version, change: input.change, effectiveDate: input.effectiveDate },
    });
    return { version: await readVersion(tx, consent.id, input.version), affected: people.length };
  });
}

/** The flow that holds consent documents added by the operator (study consents outside the profile's flow 3). */
const STUDY_CONSENTS_FLOW = 91;

/** Adds a consent document at its first version (the operator key: ops, and journeys of their own). */
export async function createConsentDocument(db: DbOrTx, input: NewConsentDocument) {
  return db.transaction(async (tx) => {
    await tx
      .insert(consentFlows)
      .values({ id: STUDY_CONSENTS_FLOW, name: 'Study consents' })
      .onConflictDoNothing();
    const [row] = await tx
      .insert(consents)
      .values({
        flowId: STUDY_CONSENTS_FLOW,
        title: input.title,
        htmlContent: textToHtml(input.text),
        agreeLabel: input.agreeLabel,
        disagreeLabel: input.disagreeLabel,
        version: input.version,
        userField: input.governsResearchUse ? 'agree_to_data_usage' : null,
        document: 'CONSENT',
      })
      .returning();
    if (!row) throw new Error('consent insert returned no row');
    return readVersion(tx, row.id, row.version);
  });
}

/**
 * The terms' or privacy policy's versions published from the console (issue 36), for the /terms and
 * /privacy viewer: their version names, and the current one's name.
 */
export async function publishedLegalVersions(db: DbOrTx, document: 'TERMS' | 'PRIVACY') {
  const [consent] = await db.select().from(consents).where(eq(consents.document, document));
  if (!consent) return { current: null, versions: [] as string[] };
  const rows = await db
    .select({ version: documentVersions.version })
    .from(documentVersions)
    .where(and(eq(documentVersions.consentId, consent.id), sql`${documentVersions.change} <> 'INITIAL'`))
    .orderBy(desc(documentVersions.publishedAt), desc(documentVersions.id));
  return { current: consent.version, versions: rows.map((r) => r.version) };
}

/** One console-published version of the terms or privacy policy, or null when there is none of that name. */
export async function publishedLegalVersion(db: DbOrTx, document: 'TERMS' | 'PRIVACY', version: string) {
  const [row] = await db
    .select({
      title: documentVersions.title,
      body: documentVersions.body,
      effectiveDate: documentVersions.effectiveDate,
    })
    .from(documentVersions)
    .innerJoin(consents, eq(consents.id, documentVersions.consentId))
    .where(
      and(
        eq(consents.document, document),
        eq(documentVersions.version, version),
        sql`${documentVersions.change} <> 'INITIAL'`,
      ),
    );
  return row ?? null;
}
