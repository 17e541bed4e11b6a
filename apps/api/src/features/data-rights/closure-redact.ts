import { or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { users } from '../../db/schema/index.ts';

/**
 * Finding and erasing a closed person's words in records about others (the gift email a friend was
 * sent, a staff audit entry): each exact value, then their names as whole words.
 */
export const ERASED = '[closed account]';

export type PersonalValues = ReturnType<typeof personalValues>;

/** The person's own words and numbers, to find and erase where they appear in records about others. */
export function personalValues(person: typeof users.$inferSelect, email: string | null) {
  const fullName = `${person.firstName} ${person.lastName}`.trim();
  const exact = [email, fullName, person.phoneNumber, person.addressLine1, person.addressLine2]
    .concat([person.guardianFirstName, person.guardianLastName])
    .filter((v): v is string => typeof v === 'string' && v.trim().length >= 3);
  const words = [person.firstName, person.lastName].filter((v) => v.trim().length >= 2);
  return { exact, words, fullName };
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Replaces the person's values in a text: each exact value, then their names as whole words. */
export function redact(text: string, values: PersonalValues) {
  let out = text;
  for (const value of values.exact) out = out.replace(new RegExp(escapeRegExp(value), 'gi'), ERASED);
  for (const word of values.words)
    out = out.replace(
      new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(word)}(?![\\p{L}\\p{N}])`, 'giu'),
      ERASED,
    );
  return out;
}

export function redactJson(value: unknown, values: PersonalValues): unknown {
  if (typeof value === 'string') return redact(value, values);
  if (Array.isArray(value)) return value.map((v) => redactJson(v, values));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactJson(v, values)]));
  return value;
}

/** A condition: the column, as text, contains one of the values (case-insensitive). */
export const mentions = (column: SQL | AnyPgColumn, values: string[]) =>
  or(...values.map((v) => sql`${column}::text ilike ${`%${v.replace(/[\\%_]/g, '\\$&')}%`}`));
