import {
  AUDIT_CSV_MAX_ROWS,
  AUDIT_MESSAGES,
  type AuditPage,
  type AuditQuery,
  deliversResults,
  describeForPerson,
  type MyAuditPage,
  OPERATOR_ACTOR,
  OPERATOR_KEY_FOR_PERSON,
  OUR_LAB,
} from '@portal/domain';
import { and, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { kits, projects, staffAudit, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { invalid } from '../../lib/errors.ts';

/**
 * Reading the staff audit log, newest first, paged by keyset on (at, id): a page never repeats or
 * skips an entry however many are written meanwhile. The cursor carries `at` as PostgreSQL prints
 * it, to the microsecond, since a JavaScript date would round it to the millisecond.
 */
type Cursor = { at: string; id: string };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const encodeCursor = (cursor: Cursor) =>
  Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString('base64url');

function decodeCursor(text: string): Cursor {
  try {
    const [at, id] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown[];
    if (typeof at === 'string' && typeof id === 'string' && UUID.test(id) && !Number.isNaN(Date.parse(at)))
      return { at, id };
  } catch {
    // Falls through to the message.
  }
  throw invalid(AUDIT_MESSAGES.badCursor, { after: AUDIT_MESSAGES.badCursor });
}

const before = (cursor: Cursor | null): SQL | undefined =>
  cursor
    ? sql`(${staffAudit.at}, ${staffAudit.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
    : undefined;

/** One page of rows matching `where`, and the cursor of the next page (null on the last). */
async function page(ctx: AppContext, where: SQL | undefined, limit: number) {
  const rows = await ctx.db
    .select({
      id: staffAudit.id,
      at: staffAudit.at,
      atText: sql<string>`${staffAudit.at}::text`,
      actorId: staffAudit.actorId,
      actorLabel: staffAudit.actorLabel,
      action: staffAudit.action,
      entity: staffAudit.entity,
      entityId: staffAudit.entityId,
      subjectId: staffAudit.subjectId,
      before: staffAudit.before,
      after: staffAudit.after,
    })
    .from(staffAudit)
    .where(where)
    .orderBy(desc(staffAudit.at), desc(staffAudit.id))
    .limit(limit + 1);
  const last = rows.length > limit ? rows[limit - 1] : undefined;
  return { rows: rows.slice(0, limit), next: last ? encodeCursor({ at: last.atText, id: last.id }) : null };
}

/** The person a `subject` filter names: an account id as given, or the account with that email. */
async function subjectId(ctx: AppContext, subject: string): Promise<string | null> {
  if (UUID.test(subject)) return subject;
  const [person] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, subject.trim().toLowerCase()));
  return person?.id ?? null;
}

/** The filters of the log's query (not its page), as one condition. */
async function auditFilters(ctx: AppContext, query: Omit<AuditQuery, 'after' | 'limit'>) {
  const filters: (SQL | undefined)[] = [];
  if (query.actor === OPERATOR_ACTOR) filters.push(isNull(staffAudit.actorId));
  else if (query.actor) filters.push(eq(staffAudit.actorId, query.actor));
  if (query.action)
    filters.push(
      or(
        eq(staffAudit.action, query.action),
        sql`${staffAudit.action} like ${`${query.action.replaceAll('_', '\\_')}.%`}`,
      ),
    );
  if (query.subject) {
    const id = await subjectId(ctx, query.subject);
    // An email with no account matches nothing (a closed account: use its id, which the log keeps).
    filters.push(
      id
        ? or(eq(staffAudit.subjectId, id), and(eq(staffAudit.entity, 'user'), eq(staffAudit.entityId, id)))
        : sql`false`,
    );
  }
  if (query.entity) filters.push(eq(staffAudit.entity, query.entity));
  if (query.entityId) filters.push(eq(staffAudit.entityId, query.entityId));
  if (query.from) filters.push(sql`${staffAudit.at} >= ${query.from}::date::timestamp at time zone 'UTC'`);
  if (query.to) filters.push(sql`${staffAudit.at} < (${query.to}::date + 1)::timestamp at time zone 'UTC'`);
  return and(...filters);
}

/** ADMIN: the whole log, filtered by actor, action, person, record and day (UTC). */
export async function readAuditLog(ctx: AppContext, query: AuditQuery): Promise<AuditPage> {
  const where = and(before(query.after ? decodeCursor(query.after) : null), await auditFilters(ctx, query));
  const { rows, next } = await page(ctx, where, query.limit);
  return {
    entries: rows.map(({ atText: _, at, ...row }) => ({ ...row, at: at.toISOString() })),
    next,
  };
}

/** The name without the email the label keeps for staff: a person reads who, not how to reach them. */
const nameOf = (label: string) => label.replace(/\s*<[^>]*>$/, '');

/**
 * A person's own entries: what staff did about their account (Trust), in plain words. Their own steps
 * as a staff member (setting up their app) are about them too, and are listed the same way.
 */
export async function readMyAudit(
  ctx: AppContext,
  userId: string,
  after: string | undefined,
  limit: number,
): Promise<MyAuditPage> {
  const cursor = after ? decodeCursor(after) : null;
  const { rows, next } = await page(ctx, and(eq(staffAudit.subjectId, userId), before(cursor)), limit);
  // Who: the staff member's first name (issue 33 item 22). Which kits' projects keep their results, so
  // that no entry says results exist (item 9).
  const actorIds = [...new Set(rows.flatMap((row) => (row.actorId ? [row.actorId] : [])))];
  const kitIds = [
    ...new Set(
      rows.flatMap((row) =>
        row.entity === 'kit' && /^\d+$/.test(row.entityId) ? [Number(row.entityId)] : [],
      ),
    ),
  ];
  const firstNames = new Map(
    actorIds.length
      ? (
          await ctx.db
            .select({ id: users.id, firstName: users.firstName })
            .from(users)
            .where(inArray(users.id, actorIds))
        ).map((actor) => [actor.id, actor.firstName])
      : [],
  );
  const withheld = new Set(
    kitIds.length
      ? (
          await ctx.db
            .select({ id: kits.id, resultDeliveryType: projects.resultDeliveryType })
            .from(kits)
            .innerJoin(projects, eq(projects.id, kits.projectId))
            .where(inArray(kits.id, kitIds))
        )
          .filter((kit) => !deliversResults(kit))
          .map((kit) => String(kit.id))
      : [],
  );
  return {
    entries: rows.map((row) => ({
      at: row.at.toISOString(),
      who:
        row.actorId === null
          ? row.entity === 'kit' || row.entity === 'sample'
            ? OUR_LAB
            : OPERATOR_KEY_FOR_PERSON
          : (firstNames.get(row.actorId) ?? nameOf(row.actorLabel).split(' ')[0] ?? ''),
      what: describeForPerson({
        action: row.action,
        entity: row.entity,
        entityId: row.entityId,
        after: row.after,
        withheld: row.entity === 'kit' && withheld.has(row.entityId),
      }),
    })),
    next,
  };
}

/** A CSV cell: quoted, and a leading =, +, - or @ defused so a spreadsheet never runs it as a formula. */
function csvCell(value: unknown): string {
  let text =
    value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

/**
 * ADMIN: the log under the same filters as CSV (issue 34 item 16), newest first, at most
 * AUDIT_CSV_MAX_ROWS rows; `truncated` says when more matched.
 */
export async function auditLogCsv(ctx: AppContext, query: AuditQuery) {
  const rows = await ctx.db
    .select()
    .from(staffAudit)
    .where(await auditFilters(ctx, query))
    .orderBy(desc(staffAudit.at), desc(staffAudit.id))
    .limit(AUDIT_CSV_MAX_ROWS + 1);
  const header = [
    'at',
    'actor_id',
    'actor',
    'action',
    'entity',
    'entity_id',
    'subject_id',
    'before',
    'after',
  ];
  const lines = rows
    .slice(0, AUDIT_CSV_MAX_ROWS)
    .map((r) =>
      [
        r.at.toISOString(),
        r.actorId,
        r.actorLabel,
        r.action,
        r.entity,
        r.entityId,
        r.subjectId,
        r.before,
        r.after,
      ]
        .map(csvCell)
        .join(','),
    );
  return {
    csv: `${[header.join(','), ...lines].join('\r\n')}\r\n`,
    rows: lines.length,
    truncated: rows.length > AUDIT_CSV_MAX_ROWS,
  };
}
