import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { mailouts, outbox } from '../../db/schema/index.ts';
import { escapeHtml } from '../../lib/html.ts';
import type { JobQueue } from '../../lib/job-queue.ts';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  /** Extra headers: List-Unsubscribe and List-Unsubscribe-Post on non-transactional mail (category-mail.ts). */
  headers?: Record<string, string>;
  /** The email category a person may switch off; none for transactional mail. */
  category?: string | null;
  /** Files sent with the message, as text: the coach booking's calendar invitation (.ics). */
  attachments?: MailAttachment[];
};

/** A text file sent with a message (a calendar invitation): its name, MIME type and content. */
export type MailAttachment = { filename: string; contentType: string; content: string };

/** The queue whose job sends one outbox message (dispatcher.ts works it). */
export const MAIL_QUEUE = 'mail';

/**
 * Every kind of mail, and how many of it one recipient gets in an hour (issue 32). Kinds that anyone can
 * make the portal send to an address they type (registration, resends, resets, the study interest form,
 * a minor's parental-consent request, gifts, staff invitations) have a quota; kinds sent by the portal
 * itself or about a person's own purchase (kit progress, receipts, renewals, exports, closures) have none
 * (null). Past the quota the message is withheld: the request answers as always, and nothing is sent.
 */
export const MAIL_QUOTAS = {
  'verify-email': 3,
  'account-exists': 3,
  'password-reset': 3,
  'interest-confirmation': 3,
  'parent-consent': 3,
  'kit-gift': 5,
  'staff-invitation': 5,
  // A person's report link emailed to a practitioner they chose (issue 36 item 5).
  'report-share': 5,
  // A staff member's second factor locked (it locks once until unlocked): never held back.
  'staff-security': null,
  // A share link locked after wrong PINs (it locks once an hour at most): told to its owner.
  'share-locked': null,
  'kit-progress': null,
  // Reminders (issue 35): each is sent once per task and step (the reminders table's unique key).
  reminder: null,
  // A notification's email resent by support (issue 35 item 6), audited.
  'support-resend': null,
  'order-receipt': null,
  renewal: null,
  'coach-booking': null,
  'export-ready': null,
  'closure-confirmation': null,
  'closure-project-notice': null,
  // A new version of a document the person agreed to (issue 36): sent by staff's publishing, once.
  'document-change': null,
  // Turning 18: the handover link and the guardian's notices (sent by the daily job and the handover).
  handover: null,
  // The code that confirms the young adult's own email: anyone holding the link can have it sent.
  'handover-code': 3,
  // What staff did about a person's own order, form or kit (issue 34): sent by the portal, never held back.
  'order-refund': null,
  'consent-decision': null,
  'staff-replacement': null,
  // A staff member's roles changed or account enabled again, by an administrator.
  'staff-account': null,
  // A candidate the study team imported (a CSV typed by staff, not a public form).
  'candidate-invitation': null,
  // A study mail-out: written by staff to participants who chose Research news, at most once each.
  'study-mailout': null,
} as const satisfies Record<string, number | null>;
export type MailKind = keyof typeof MAIL_QUOTAS;

export type QueuedMail = { id: number; withheld: boolean };

/**
 * Writes a message to the outbox and sends its `mail` job, both in `tx`, the transaction of the change
 * that causes it (decision 043): the message and its job exist only if the change commits. The only
 * writer of outbox rows.
 *
 * A message past its kind's quota for the recipient (MAIL_QUOTAS), or one the caller withholds (a reset
 * for an address with no account), is still written, as a withheld row with no subject, text or links,
 * and still gets its job, which sends nothing: whether a mail goes out changes no statement the request
 * sends, only values. The recipient's quota is counted under a transaction lock on (recipient, kind), so
 * requests at the same moment cannot all see room for one more.
 */
export async function queueMail(
  ctx: { jobs: JobQueue },
  tx: Tx,
  kind: MailKind,
  message: MailMessage,
  { withhold = false }: { withhold?: boolean } = {},
): Promise<QueuedMail> {
  const to = message.to.trim().toLowerCase();
  const quota: number | null = MAIL_QUOTAS[kind];
  if (quota !== null)
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`outbox/${kind}/${to}`}))`);
  const sends = sql`(not ${withhold}::boolean and (${quota}::int is null or (
      select count(*) from ${outbox}
      where ${outbox.to} = ${to} and ${outbox.kind} = ${kind} and not ${outbox.withheld}
        and ${outbox.createdAt} > now() - interval '1 hour') < ${quota}::int))`;
  const result = await tx.execute(sql`
    insert into ${outbox} ("to", kind, subject, text, html, links, headers, attachments, category, withheld)
    select ${to}, ${kind},
      case when s.sends then ${message.subject} else '' end,
      case when s.sends then ${message.text} else '' end,
      case when s.sends then ${message.html} else '' end,
      case when s.sends then ${JSON.stringify(message.links)}::jsonb else '[]'::jsonb end,
      case when s.sends then ${JSON.stringify(message.headers ?? {})}::jsonb else '{}'::jsonb end,
      case when s.sends then ${JSON.stringify(message.attachments ?? [])}::jsonb else '[]'::jsonb end,
      ${message.category ?? null}, not s.sends
    from (select ${sends} as sends) s
    returning id, withheld`);
  const [row] = (result as unknown as { rows: { id: string | number; withheld: boolean }[] }).rows;
  if (!row) throw new Error('outbox insert returned no row');
  const id = Number(row.id);
  await ctx.jobs.send(MAIL_QUEUE, { outboxId: id }, { tx });
  return { id, withheld: row.withheld };
}

/** The queue whose jobs each send a batch of a study mail-out's messages (dispatcher.ts works it). */
export const MAILOUT_BATCH_QUEUE = 'mail.batch';
/** Messages one batch job sends. */
export const MAILOUT_BATCH_SIZE = 100;

/**
 * Where a mail-out's rendered message (mailouts.html and .text) holds each recipient's unsubscribe link.
 * Letters only, so the renderer passes it through as it is.
 */
export const MAILOUT_UNSUBSCRIBE_SLOT = 'SLOTRECIPIENTUNSUBSCRIBESLOT';

/** A mail-out's message for one recipient: the shared words with their own unsubscribe link. */
export function mailoutMessageFor(
  row: {
    to: string;
    subject: string;
    links: string[];
    headers: Record<string, string>;
    category: string | null;
  },
  mailout: { html: string; text: string },
): MailMessage {
  const unsubscribe = row.links[0] ?? '';
  return {
    to: row.to,
    subject: row.subject,
    html: mailout.html.replaceAll(MAILOUT_UNSUBSCRIBE_SLOT, escapeHtml(unsubscribe)),
    text: mailout.text.replaceAll(MAILOUT_UNSUBSCRIBE_SLOT, unsubscribe),
    links: row.links,
    headers: row.headers,
    category: row.category,
  };
}

export type MailoutRecipient = {
  to: string;
  /** The recipient's one-click unsubscribe page and the List-Unsubscribe headers (category-mail.ts). */
  unsubscribeUrl: string;
  headers: Record<string, string>;
};

/**
 * Writes one chunk of a study mail-out's recipients to the outbox, in `tx`, and the batch jobs that send
 * them (MAILOUT_BATCH_SIZE each) at no more than `ratePerSecond`: batch k of the mail-out may start
 * k × size / rate seconds after `startAt` (`firstBatch` is this chunk's first batch number). The second
 * writer of outbox rows beside queueMail: a row per recipient, with no words of its own (the mail-out
 * holds them) and one job per batch rather than per row. A recipient already written for this mail-out
 * is skipped (a unique index), so a retried chunk sends nobody twice. Returns the rows written.
 */
export async function queueMailoutChunk(
  ctx: { jobs: JobQueue },
  tx: Tx,
  mailout: { id: number; subject: string; ratePerSecond: number; startAt: Date },
  recipients: MailoutRecipient[],
  firstBatch: number,
): Promise<number> {
  if (recipients.length === 0) return 0;
  const inserted = await tx
    .insert(outbox)
    .values(
      recipients.map((r) => ({
        to: r.to.trim().toLowerCase(),
        kind: 'study-mailout',
        subject: mailout.subject,
        text: '',
        html: '',
        links: [r.unsubscribeUrl],
        headers: r.headers,
        category: 'RESEARCH_NEWS',
        mailoutId: mailout.id,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: outbox.id });
  const ids = inserted.map((r) => r.id).sort((a, b) => a - b);
  const jobs = [];
  for (let i = 0; i < ids.length; i += MAILOUT_BATCH_SIZE) {
    const batch = firstBatch + i / MAILOUT_BATCH_SIZE;
    const delayMs = (batch * MAILOUT_BATCH_SIZE * 1000) / mailout.ratePerSecond;
    jobs.push({
      data: { mailoutId: mailout.id, ids: ids.slice(i, i + MAILOUT_BATCH_SIZE) },
      startAfter: new Date(mailout.startAt.getTime() + delayMs),
    });
  }
  await ctx.jobs.insert(MAILOUT_BATCH_QUEUE, jobs, tx);
  return ids.length;
}

/** The mail the outbox holds (withheld rows are no mail), newest first: the dev mailbox and `ops mail:list`. */
export async function listMail(db: DbOrTx, to?: string, limit = 200) {
  const rows = await db
    .select({
      id: outbox.id,
      to: outbox.to,
      subject: outbox.subject,
      text: outbox.text,
      html: outbox.html,
      links: outbox.links,
      headers: outbox.headers,
      attachments: outbox.attachments,
      category: outbox.category,
      createdAt: outbox.createdAt,
      sentAt: outbox.sentAt,
      mailoutHtml: mailouts.html,
      mailoutText: mailouts.text,
    })
    .from(outbox)
    .leftJoin(mailouts, eq(mailouts.id, outbox.mailoutId))
    .where(and(eq(outbox.withheld, false), to ? eq(outbox.to, to.trim().toLowerCase()) : undefined))
    .orderBy(desc(outbox.id))
    .limit(limit);
  return rows.map(({ mailoutHtml, mailoutText, ...row }) =>
    mailoutHtml === null || mailoutText === null
      ? row
      : { ...row, ...mailoutMessageFor(row, { html: mailoutHtml, text: mailoutText }) },
  );
}
