import {
  EMAIL_CATEGORY_TEXT,
  MAILOUT_TEXTS,
  type MailoutAudience,
  mailoutParagraphs,
  type StaffMailout,
  type StaffMailoutDraft,
} from '@portal/domain';
import { and, asc, count, desc, eq, gt, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { oneClickUrl, unsubscribePageUrl, unsubscribeToken } from '../../adapters/mail/category-mail.ts';
import {
  MAILOUT_BATCH_SIZE,
  MAILOUT_UNSUBSCRIBE_SLOT,
  type MailoutRecipient,
  queueMailoutChunk,
} from '../../adapters/mail/outbox.ts';
import { compose, type MailCtx } from '../../adapters/mail/templates.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  candidates,
  emailPreferences,
  mailouts,
  outbox,
  projectMembers,
  projects,
  recruitments,
  users,
} from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import type { JobDefinition } from '../../lib/job-queue.ts';
import type { Principal } from '../../plugins/authenticate.ts';
import { candidateOneClickUrl, candidateUnsubscribeUrl } from '../recruitment/index.ts';
import { recordStaffAction } from '../staff/index.ts';

/**
 * Study mail-outs (issue 35 item 7). A STUDY staff member writes a subject and a message for a project,
 * previews it as participants will see it, and sends it. Sending stores the mail-out, rendered once, and
 * queues one `mailout.expand` job in the same transaction; the job writes the recipients to the outbox
 * in chunks (adapters/mail/outbox.ts queueMailoutChunk), each chunk with its batch jobs, which send at
 * no more than MAILOUT_RATE messages a second. Only participants who get Research news (their choice,
 * or the category's default) are written, each with their own one-click unsubscribe link and headers.
 *
 * A mail-out may go to a recruitment's candidates instead (decision 058): they have no account,
 * so their consent to contact is the recruitment's own: a candidate who used the unsubscribe link of
 * their invitation, or one who expressed interest and never confirmed their address, is not written.
 * Their message ends with that unsubscribe link, and its headers name the candidates' one-click address.
 */

export const MAILOUT_EXPAND_QUEUE = 'mailout.expand';
/** Recipients written per transaction. A multiple of MAILOUT_BATCH_SIZE: each chunk makes whole batches. */
const CHUNK = 1000;

/** The mail-out's words as one email: "Hello,", the paragraphs, the portal as its action, its unsubscribe slot. */
export function studyMailoutMessage(
  ctx: MailCtx,
  draft: StaffMailoutDraft,
  unsubscribeUrl: string,
  audience: MailoutAudience['kind'] = 'PROJECT',
) {
  if (audience === 'RECRUITMENT')
    // Candidates have no account: no portal to open, and their own unsubscribe link closes the message.
    return compose(ctx, '', draft.subject, [
      MAILOUT_TEXTS.greeting,
      ...mailoutParagraphs(draft.body),
      MAILOUT_TEXTS.candidateUnsubscribe(unsubscribeUrl),
    ]);
  return compose(
    ctx,
    '',
    draft.subject,
    [MAILOUT_TEXTS.greeting, ...mailoutParagraphs(draft.body)],
    { label: MAILOUT_TEXTS.action, url: ctx.publicUrl },
    { label: EMAIL_CATEGORY_TEXT.RESEARCH_NEWS.label, url: unsubscribeUrl },
  );
}

/** The project's participants who get Research news: no choice recorded means the default (yes). */
function recipientsWhere(projectId: number) {
  return and(eq(projectMembers.projectId, projectId), sql`coalesce(${emailPreferences.subscribed}, true)`);
}

/**
 * The recruitment's candidates who may be contacted: not unsubscribed, and not an expression of interest
 * whose address was never confirmed (its consent link does not work yet either).
 */
function candidatesWhere(recruitmentId: number) {
  return and(
    eq(candidates.recruitmentId, recruitmentId),
    isNull(candidates.unsubscribedAt),
    or(ne(candidates.source, 'EXPRESSION_OF_INTEREST'), isNotNull(candidates.emailValidatedAt)),
  );
}

function participantsFrom(db: DbOrTx) {
  return {
    count: () =>
      db
        .select({ n: count() })
        .from(projectMembers)
        .innerJoin(users, eq(users.id, projectMembers.userId))
        .leftJoin(
          emailPreferences,
          and(eq(emailPreferences.userId, users.id), eq(emailPreferences.category, 'RESEARCH_NEWS')),
        ),
    rows: () =>
      db
        .select({ id: users.id, email: users.email })
        .from(projectMembers)
        .innerJoin(users, eq(users.id, projectMembers.userId))
        .leftJoin(
          emailPreferences,
          and(eq(emailPreferences.userId, users.id), eq(emailPreferences.category, 'RESEARCH_NEWS')),
        ),
  };
}

export async function countRecipients(db: DbOrTx, audience: MailoutAudience): Promise<number> {
  const [row] =
    audience.kind === 'PROJECT'
      ? await participantsFrom(db).count().where(recipientsWhere(audience.id))
      : await db.select({ n: count() }).from(candidates).where(candidatesWhere(audience.id));
  return row?.n ?? 0;
}

/** A chunk of recipients after `after` (their ids in order), with their own unsubscribe links. */
async function recipientChunk(
  ctx: AppContext,
  audience: MailoutAudience,
  after: string | null,
): Promise<{ id: string; recipient: MailoutRecipient }[]> {
  if (audience.kind === 'RECRUITMENT') {
    const rows = await ctx.db
      .select({ id: candidates.id, email: candidates.email })
      .from(candidates)
      .where(and(candidatesWhere(audience.id), after ? gt(candidates.id, after) : undefined))
      .orderBy(asc(candidates.id))
      .limit(CHUNK);
    return rows.map((r) => ({
      id: r.id,
      recipient: {
        to: r.email,
        unsubscribeUrl: candidateUnsubscribeUrl(ctx, r.id),
        headers: {
          'List-Unsubscribe': `<${candidateOneClickUrl(ctx, r.id)}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      },
    }));
  }
  const rows: { id: string; email: string }[] = await participantsFrom(ctx.db)
    .rows()
    .where(and(recipientsWhere(audience.id), after ? gt(users.id, after) : undefined))
    .orderBy(asc(users.id))
    .limit(CHUNK);
  return rows.map((r) => {
    const token = unsubscribeToken(ctx, r.id, 'RESEARCH_NEWS');
    return {
      id: r.id,
      recipient: {
        to: r.email,
        unsubscribeUrl: unsubscribePageUrl(ctx.mail.publicUrl, token),
        headers: {
          'List-Unsubscribe': `<${oneClickUrl(ctx.mail.publicUrl, token)}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      },
    };
  });
}

/** The audience, which must exist: a study project (not the portal's own, id 1), or a recruitment. */
async function audienceOf(db: DbOrTx, audience: MailoutAudience) {
  if (audience.kind === 'RECRUITMENT') {
    const [recruitment] = await db
      .select({ id: recruitments.id })
      .from(recruitments)
      .where(eq(recruitments.id, audience.id));
    if (!recruitment) throw notFound('We could not find that recruitment.');
    return;
  }
  const [project] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, audience.id), gt(projects.id, 1)));
  if (!project) throw notFound('We could not find that project.');
}

const audienceColumn = (audience: MailoutAudience) =>
  audience.kind === 'PROJECT' ? mailouts.projectId : mailouts.recruitmentId;
const ofAudience = (audience: MailoutAudience): SQL | undefined => eq(audienceColumn(audience), audience.id);

/** The message as participants will see it (with a sample unsubscribe link), and how many will get it. */
export async function previewMailout(ctx: AppContext, audience: MailoutAudience, draft: StaffMailoutDraft) {
  await audienceOf(ctx.db, audience);
  const sample =
    audience.kind === 'PROJECT'
      ? `${ctx.mail.publicUrl}/email-unsubscribe`
      : `${ctx.mail.publicUrl}/unsubscribe`;
  const message = studyMailoutMessage(ctx.mail, draft, sample, audience.kind);
  return {
    subject: message.subject,
    html: message.html,
    text: message.text,
    recipients: await countRecipients(ctx.db, audience),
  };
}

/** Stores the mail-out and queues its expansion, in one transaction with its audit entry. */
export async function sendMailout(
  ctx: AppContext,
  principal: Principal,
  audience: MailoutAudience,
  draft: StaffMailoutDraft,
): Promise<StaffMailout> {
  await audienceOf(ctx.db, audience);
  await ctx.jobs.ready();
  const id = await ctx.db.transaction(async (tx) => {
    const recipients = await countRecipients(tx, audience);
    if (recipients === 0)
      throw invalid(audience.kind === 'PROJECT' ? MAILOUT_TEXTS.noRecipients : MAILOUT_TEXTS.noCandidates);
    const message = studyMailoutMessage(ctx.mail, draft, MAILOUT_UNSUBSCRIBE_SLOT, audience.kind);
    const [row] = await tx
      .insert(mailouts)
      .values({
        projectId: audience.kind === 'PROJECT' ? audience.id : null,
        recruitmentId: audience.kind === 'RECRUITMENT' ? audience.id : null,
        subject: draft.subject,
        body: draft.body,
        html: message.html,
        text: message.text,
        createdBy: principal.userId,
        recipients,
        ratePerSecond: ctx.config.mailoutRate,
      })
      .returning({ id: mailouts.id });
    if (!row) throw new Error('mail-out not stored');
    await recordStaffAction(tx, principal, {
      action: 'mailout.send',
      entity: audience.kind === 'PROJECT' ? 'project' : 'recruitment',
      entityId: String(audience.id),
      after: { mailout: row.id, subject: draft.subject, recipients },
    });
    await ctx.jobs.send(MAILOUT_EXPAND_QUEUE, { mailoutId: row.id }, { tx });
    return row.id;
  });
  const mailout = await mailoutProgress(ctx, audience, id);
  return mailout;
}

/**
 * Writes the mail-out's recipients to the outbox, a chunk per transaction in the order of their user
 * ids, each chunk with its batch jobs. A retry after a crash starts again from the first recipient: the
 * ones already written are skipped (the outbox's unique mail-out and address) and keep their batches.
 */
export async function expandMailout(ctx: AppContext, mailoutId: number) {
  const [mailout] = await ctx.db.select().from(mailouts).where(eq(mailouts.id, mailoutId));
  if (!mailout) return;
  const startAt = mailout.createdAt;
  const audience: MailoutAudience =
    mailout.recruitmentId !== null
      ? { kind: 'RECRUITMENT', id: mailout.recruitmentId }
      : { kind: 'PROJECT', id: mailout.projectId ?? 0 };
  let after: string | null = null;
  let chunk = 0;
  for (;;) {
    const rows = await recipientChunk(ctx, audience, after);
    if (rows.length === 0) break;
    await ctx.db.transaction((tx) =>
      queueMailoutChunk(
        ctx,
        tx,
        { id: mailout.id, subject: mailout.subject, ratePerSecond: mailout.ratePerSecond, startAt },
        rows.map((r) => r.recipient),
        (chunk * CHUNK) / MAILOUT_BATCH_SIZE,
      ),
    );
    chunk++;
    after = rows[rows.length - 1]?.id ?? null;
    if (rows.length < CHUNK) break;
  }
  const [written] = await ctx.db.select({ n: count() }).from(outbox).where(eq(outbox.mailoutId, mailoutId));
  await ctx.db
    .update(mailouts)
    .set({ recipients: written?.n ?? 0, queuedAt: sql`now()` })
    .where(eq(mailouts.id, mailoutId));
}

/** A mail-out with its progress: recipients, written to the outbox, sent to the mail server. */
export async function mailoutProgress(
  ctx: AppContext,
  audience: MailoutAudience,
  mailoutId: number,
): Promise<StaffMailout> {
  const [row] = await listQuery(ctx.db).where(and(ofAudience(audience), eq(mailouts.id, mailoutId)));
  if (!row) throw notFound('We could not find that mail-out.');
  return shape(ctx, row);
}

export async function listMailouts(ctx: AppContext, audience: MailoutAudience) {
  await audienceOf(ctx.db, audience);
  const rows = await listQuery(ctx.db).where(ofAudience(audience)).orderBy(desc(mailouts.id)).limit(20);
  return { mailouts: rows.map((row) => shape(ctx, row)) };
}

function listQuery(db: DbOrTx) {
  return db
    .select({
      id: mailouts.id,
      projectId: mailouts.projectId,
      recruitmentId: mailouts.recruitmentId,
      subject: mailouts.subject,
      createdAt: mailouts.createdAt,
      recipients: mailouts.recipients,
      ratePerSecond: mailouts.ratePerSecond,
      // Written out in full: inside a select drizzle names columns without their table.
      queued: sql<number>`(select count(*)::int from outbox o where o.mailout_id = "mailouts"."id")`,
      sent: sql<number>`(select count(*)::int from outbox o where o.mailout_id = "mailouts"."id" and o.sent_at is not null)`,
    })
    .from(mailouts)
    .$dynamic();
}

function shape(
  ctx: AppContext,
  row: {
    id: number;
    projectId: number | null;
    recruitmentId: number | null;
    subject: string;
    createdAt: Date;
    recipients: number | null;
    ratePerSecond: number;
    queued: number;
    sent: number;
  },
): StaffMailout {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    queued: Number(row.queued),
    sent: Number(row.sent),
    delivering: Boolean(ctx.config.smtpUrl),
  };
}

export function mailoutJobs(ctx: AppContext, log?: FastifyBaseLogger): JobDefinition<never>[] {
  const expand: JobDefinition<{ mailoutId: number }> = {
    name: MAILOUT_EXPAND_QUEUE,
    queue: { retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 3600 },
    run: async (data) => {
      await expandMailout(ctx, data.mailoutId);
      log?.info({ mailoutId: data.mailoutId }, 'mail-out recipients written');
    },
  };
  return [expand] as JobDefinition<never>[];
}
