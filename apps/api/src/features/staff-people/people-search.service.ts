import { PEOPLE_MESSAGES, PEOPLE_PAGE_SIZE, type PeoplePage } from '@portal/domain';
import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { kits, orders, parentalConsentForms, staffMembers, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { invalid } from '../../lib/errors.ts';
import type { Principal } from '../../plugins/authenticate.ts';

/**
 * Finding a person (SUPPORT), by what was typed:
 * - an email (has @): the address, or the start of it (also typed without the @);
 * - KIT-12 or ORD-000012 (or a bare number: either): the kit's owner, the order's buyer;
 * - a phone number (digits, spaces, +61): the same digits, an Australian +61 read as 0;
 * - anything else: a sample id or a voucher (the kit's owner), or words that each start the first or
 *   last name (the lower(name) indexes of migration 0029).
 * Results page by keyset on (lower last name, lower first name, id). The pending consent forms list
 * pages by upload time instead, oldest first. Staff accounts are found by ADMIN only (issue 32): support
 * looks after customers and participants, not colleagues.
 */
type NameCursor = [string, string, string];
type FormCursor = [string, number];

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
function decode<T extends unknown[]>(text: string, check: (v: unknown[]) => boolean): T {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(value) && check(value)) return value as T;
  } catch {
    // Falls through to the message.
  }
  throw invalid(PEOPLE_MESSAGES.badCursor, { after: PEOPLE_MESSAGES.badCursor });
}

const likePrefix = (word: string) => `${word.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const digitsOf = (text: string) => text.replace(/\D/g, '');

/** The ways `q` can name a person, as one condition on users. */
export function personMatch(q: string): SQL {
  const text = q.trim();
  if (text.includes('@'))
    return or(eq(users.email, text.toLowerCase()), sql`${users.email} like ${likePrefix(text)}`) as SQL;
  const numbered = /^(KIT|ORD)?-?0*(\d{1,9})$/i.exec(text);
  const conditions: SQL[] = [];
  if (numbered) {
    const [, prefix, digits] = numbered;
    const id = Number(digits);
    if (prefix?.toUpperCase() !== 'ORD')
      conditions.push(inArray(users.id, sql`(select ${kits.ownerId} from ${kits} where ${kits.id} = ${id})`));
    if (prefix?.toUpperCase() !== 'KIT')
      conditions.push(
        inArray(users.id, sql`(select ${orders.userId} from ${orders} where ${orders.id} = ${id})`),
      );
  }
  const phone = digitsOf(text);
  if (/^[\d\s()+-]{8,}$/.test(text) && phone.length >= 8) {
    const local = phone.startsWith('61') && phone.length === 11 ? `0${phone.slice(2)}` : phone;
    conditions.push(sql`regexp_replace(coalesce(${users.phoneNumber}, ''), '\\D', '', 'g') = ${local}`);
  }
  if (!numbered) {
    const code = text.toUpperCase().replace(/[\s-]/g, '');
    conditions.push(
      inArray(
        users.id,
        sql`(select ${kits.ownerId} from ${kits} where ${kits.sampleIdentifier} = ${text} or ${kits.voucherCode} = ${code})`,
      ),
    );
    // The start of an email, typed without its @.
    if (!/\s/.test(text)) conditions.push(sql`${users.email} like ${likePrefix(text)}`);
    const words = text.split(/\s+/).filter(Boolean).slice(0, 4);
    conditions.push(
      and(
        ...words.map(
          (word) =>
            sql`(lower(${users.firstName}) like ${likePrefix(word)} or lower(${users.lastName}) like ${likePrefix(word)})`,
        ),
      ) as SQL,
    );
  }
  return or(...conditions) as SQL;
}

/** Whether the caller may see staff accounts: ADMIN (and the operator key) only. */
export const seesStaff = (principal: Principal) => principal.authorities.includes('ADMIN');

/** Leaves out staff accounts (invited, active or disabled) unless the caller is an ADMIN. */
const staffHiddenFrom = (principal: Principal): SQL | undefined =>
  seesStaff(principal)
    ? undefined
    : sql`not exists (select 1 from ${staffMembers} where ${staffMembers.userId} = "users"."id")`;

// Drizzle leaves columns in a one-table select list unqualified, so the outer row is named in full.
const pendingForm = sql<Date | null>`(select min(${parentalConsentForms.createdAt}) from ${parentalConsentForms}
  where ${parentalConsentForms.userId} = "users"."id" and ${parentalConsentForms.reviewedAt} is null)`;

const columns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  phoneNumber: users.phoneNumber,
  underAge: users.underAge,
};

type Row = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
  underAge: boolean;
};
const toPerson = (row: Row, pendingSince: Date | string | null) => ({
  ...row,
  consentFormPendingSince: pendingSince ? new Date(pendingSince).toISOString() : null,
});

export async function searchPeople(
  ctx: AppContext,
  principal: Principal,
  query: { q?: string | undefined; consent?: 'pending' | undefined; after?: string | undefined },
): Promise<PeoplePage> {
  if (query.consent === 'pending') return pendingConsentForms(ctx, principal, query.after);
  const q = query.q?.trim();
  if (!q) throw invalid(PEOPLE_MESSAGES.queryRequired, { q: PEOPLE_MESSAGES.queryRequired });
  const cursor = query.after
    ? decode<NameCursor>(query.after, (v) => v.length === 3 && v.every((x) => typeof x === 'string'))
    : null;
  const sortKey = sql`(lower(${users.lastName}), lower(${users.firstName}), ${users.id})`;
  const rows = await ctx.db
    .select({
      ...columns,
      pendingSince: pendingForm,
      last: sql<string>`lower(${users.lastName})`,
      first: sql<string>`lower(${users.firstName})`,
    })
    .from(users)
    .where(
      and(
        personMatch(q),
        staffHiddenFrom(principal),
        cursor ? sql`${sortKey} > (${cursor[0]}, ${cursor[1]}, ${cursor[2]}::uuid)` : undefined,
      ),
    )
    .orderBy(sql`lower(${users.lastName})`, sql`lower(${users.firstName})`, asc(users.id))
    .limit(PEOPLE_PAGE_SIZE + 1);
  const last = rows.length > PEOPLE_PAGE_SIZE ? rows[PEOPLE_PAGE_SIZE - 1] : undefined;
  return {
    people: rows
      .slice(0, PEOPLE_PAGE_SIZE)
      .map(({ pendingSince, last: _l, first: _f, ...row }) => toPerson(row, pendingSince)),
    next: last ? encode([last.last, last.first, last.id]) : null,
  };
}

/** Minors whose consent form waits for review, oldest upload first (the dashboard's link). */
async function pendingConsentForms(
  ctx: AppContext,
  principal: Principal,
  after: string | undefined,
): Promise<PeoplePage> {
  const cursor = after
    ? decode<FormCursor>(
        after,
        (v) => v.length === 2 && typeof v[0] === 'string' && Number.isSafeInteger(v[1]),
      )
    : null;
  const rows = await ctx.db
    .select({
      ...columns,
      formId: parentalConsentForms.id,
      uploadedAt: parentalConsentForms.createdAt,
      uploadedText: sql<string>`${parentalConsentForms.createdAt}::text`,
    })
    .from(parentalConsentForms)
    .innerJoin(users, eq(users.id, parentalConsentForms.userId))
    .where(
      and(
        isNull(parentalConsentForms.reviewedAt),
        staffHiddenFrom(principal),
        cursor
          ? sql`(${parentalConsentForms.createdAt}, ${parentalConsentForms.id}) > (${cursor[0]}::timestamptz, ${cursor[1]})`
          : undefined,
      ),
    )
    .orderBy(asc(parentalConsentForms.createdAt), asc(parentalConsentForms.id))
    .limit(PEOPLE_PAGE_SIZE + 1);
  const last = rows.length > PEOPLE_PAGE_SIZE ? rows[PEOPLE_PAGE_SIZE - 1] : undefined;
  return {
    people: rows
      .slice(0, PEOPLE_PAGE_SIZE)
      .map(({ formId: _id, uploadedAt, uploadedText: _t, ...row }) => toPerson(row, uploadedAt)),
    next: last ? encode([last.uploadedText, last.formId]) : null,
  };
}
