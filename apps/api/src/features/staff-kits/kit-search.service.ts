import {
  parseKitCode,
  STAFF_KIT_MESSAGES,
  type StaffKitPage,
  type StaffKitRow,
  type staffKitSearchSchema,
} from '@portal/domain';
import { and, asc, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { kits, projects, users } from '../../db/schema/index.ts';
import { invalid } from '../../lib/errors.ts';
import { formatVoucher } from '../kits/index.ts';

/**
 * The console's kit search (decision 037): what was typed picks the columns searched, the filters each
 * have an index ending in (updated_at, id), and pages follow by keyset on that pair.
 */

type Search = z.output<typeof staffKitSearchSchema>;

/** The columns of a kit row in the console, and its keyset position as PostgreSQL's exact text. */
export const staffRowColumns = {
  id: kits.id,
  sampleIdentifier: kits.sampleIdentifier,
  voucherCode: kits.voucherCode,
  kitStatus: kits.kitStatus,
  sampleStatus: kits.sampleStatus,
  updatedAt: kits.updatedAt,
  position: sql<string>`${kits.updatedAt}::text`,
  projectId: projects.id,
  projectName: projects.name,
  ownerId: users.id,
  ownerFirstName: users.firstName,
  ownerLastName: users.lastName,
  ownerEmail: users.email,
};

export type StaffRowRecord = {
  id: number;
  sampleIdentifier: string;
  voucherCode: string;
  kitStatus: string;
  sampleStatus: string | null;
  updatedAt: Date;
  projectId: number;
  projectName: string;
  ownerId: string | null;
  ownerFirstName: string | null;
  ownerLastName: string | null;
  ownerEmail: string | null;
};

export function toStaffRow(row: StaffRowRecord): StaffKitRow {
  return {
    id: row.id,
    label: `KIT-${row.id}`,
    sampleIdentifier: row.sampleIdentifier,
    voucherCode: formatVoucher(row.voucherCode),
    kitStatus: row.kitStatus,
    sampleStatus: row.sampleStatus,
    project: { id: row.projectId, name: row.projectName },
    owner:
      row.ownerId === null
        ? null
        : {
            id: row.ownerId,
            name: `${row.ownerFirstName ?? ''} ${row.ownerLastName ?? ''}`.trim(),
            email: row.ownerEmail ?? '',
          },
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A kit row read from its table with its project and owner (the scan pages' answers). */
export function staffRowQuery(db: DbOrTx) {
  return db
    .select(staffRowColumns)
    .from(kits)
    .innerJoin(projects, eq(projects.id, kits.projectId))
    .leftJoin(users, eq(users.id, kits.ownerId));
}

const likePrefix = (word: string) => `${word.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** People whose first or last name each word starts (any case), through the lower(name) indexes. */
function peopleNamed(words: string[]): SQL {
  const each = words.map(
    (word) =>
      sql`(lower(${users.firstName}) like ${likePrefix(word)} or lower(${users.lastName}) like ${likePrefix(word)})`,
  );
  return sql`select ${users.id} from ${users} where ${sql.join(each, sql` and `)}`;
}

/**
 * What the search box matches, by what was typed: a kit number, an email, or a code or a name. Each
 * alternative is its own indexed look-up, joined by UNION ALL into the set of kit ids: an OR across
 * columns (and a subquery) would read the whole table.
 */
export function textMatch(q: string): SQL {
  const code = parseKitCode(q);
  const kitIds = (where: SQL) => sql`select ${kits.id} from ${kits} where ${where}`;
  const voucher = kitIds(sql`${kits.voucherCode} = ${code.voucher}`);
  let branches: SQL[];
  if (code.kitId !== null) branches = [kitIds(sql`${kits.id} = ${code.kitId}`), voucher];
  else if (q.includes('@'))
    branches = [
      kitIds(
        sql`${kits.ownerId} = (select ${users.id} from ${users} where ${users.email} = ${q.toLowerCase()})`,
      ),
    ];
  else
    branches = [
      kitIds(sql`${kits.sampleIdentifier} = ${code.text}`),
      kitIds(sql`${kits.hashedId} = ${q}`),
      voucher,
      kitIds(sql`${kits.ownerId} in (${peopleNamed(q.split(/\s+/).filter(Boolean).slice(0, 4))})`),
    ];
  return sql`${kits.id} in (${sql.join(branches, sql` union all `)})`;
}

type Cursor = { at: string; id: number };

const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify([c.at, c.id])).toString('base64url');

function decodeCursor(text: string): Cursor {
  try {
    const [at, id] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown[];
    if (typeof at === 'string' && !Number.isNaN(Date.parse(at)) && Number.isSafeInteger(id))
      return { at, id: id as number };
  } catch {}
  throw invalid(STAFF_KIT_MESSAGES.badCursor, { cursor: STAFF_KIT_MESSAGES.badCursor });
}

/** One page of kits, newest or oldest change first, with the cursor of the next page. */
export async function searchKits(db: DbOrTx, search: Search): Promise<StaffKitPage> {
  const newest = search.sort === 'newest';
  const cursor = search.cursor ? decodeCursor(search.cursor) : null;
  const q = search.q?.trim();
  const conditions = [
    q ? textMatch(q) : undefined,
    search.kitStatus ? eq(kits.kitStatus, search.kitStatus) : undefined,
    search.sampleStatus ? eq(kits.sampleStatus, search.sampleStatus) : undefined,
    search.projectId ? eq(kits.projectId, search.projectId) : undefined,
    search.changedFrom ? gte(kits.updatedAt, new Date(search.changedFrom)) : undefined,
    search.changedTo ? lt(kits.updatedAt, new Date(search.changedTo)) : undefined,
    cursor
      ? newest
        ? sql`(${kits.updatedAt}, ${kits.id}) < (${cursor.at}::timestamptz, ${cursor.id})`
        : sql`(${kits.updatedAt}, ${kits.id}) > (${cursor.at}::timestamptz, ${cursor.id})`
      : undefined,
  ];
  const order = newest ? [desc(kits.updatedAt), desc(kits.id)] : [asc(kits.updatedAt), asc(kits.id)];
  const rows = await staffRowQuery(db)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(search.limit + 1);
  const page = rows.slice(0, search.limit);
  const last = page.at(-1);
  return {
    items: page.map(toStaffRow),
    nextCursor: rows.length > search.limit && last ? encodeCursor({ at: last.position, id: last.id }) : null,
  };
}
