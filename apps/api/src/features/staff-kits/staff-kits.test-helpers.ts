import type { StaffRole } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { type AdminKit, bearer, createKit, ops, signedInUser } from '../../test/helpers.ts';
import { signedInStaff } from '../../test/staff.ts';
import { portalDay } from './dispatch-batches.service.ts';

/** What the staff-kits tests share: people, kits in a given state, and a digest of what a step changes. */

export type Tokens = Record<StaffRole | 'CUSTOMER', string>;

/** A signed-in staff member of each role, past the second factor, and a customer. */
export async function tokensOfEveryRole(app: FastifyInstance): Promise<Tokens> {
  const roles: StaffRole[] = ['LOGISTICS', 'LAB', 'SUPPORT', 'STUDY', 'ADMIN'];
  const entries = [];
  for (const role of roles) entries.push([role, (await signedInStaff(app, [role])).accessToken] as const);
  const customer = await signedInUser(app);
  return { ...Object.fromEntries(entries), CUSTOMER: customer.accessToken } as Tokens;
}

/** A customer with a complete profile address, and a kit of theirs moved through `steps` with the operator key. */
export async function ownedKit(
  app: FastifyInstance,
  steps: { kitStatus?: string; sampleStatus?: string }[] = [],
  owner?: { email: string },
): Promise<AdminKit & { ownerEmail: string }> {
  const person = owner ?? (await signedInUser(app, { firstName: 'Olive', lastName: 'Owner' }));
  const kit = await createKit(app, { ownerEmail: person.email });
  for (const payload of steps) {
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/admin/kits/${kit.id}`,
      headers: ops,
      payload,
    });
    if (res.statusCode !== 200) throw new Error(`kit step failed: ${res.body}`);
  }
  return { ...kit, ownerEmail: person.email };
}

export const REQUESTED = [{ kitStatus: 'REQUESTED' }];
export const DISPATCHED = [{ kitStatus: 'REQUESTED' }, { kitStatus: 'DISPATCHED_BY_LAB' }];
export const AT_LAB = [...DISPATCHED, { sampleStatus: 'RECEIVED_BY_LAB' }];
/** Through every lab step a project requires by default: ready for its result. */
export const SEQUENCED = [
  ...AT_LAB,
  ...['ACCESSIONING', 'DNA_EXTRACTION', 'DNA_LIBRARY_PREP', 'SEQUENCING'].map((sampleStatus) => ({
    sampleStatus,
  })),
];

/** A digest of what a kit step may change: kits, their events, results, the outbox, the audit and receipts. */
export async function changeDigest(database: Database) {
  const out: Record<string, string> = {};
  for (const table of ['kits', 'kit_events', 'lab_results', 'outbox', 'staff_audit', 'sample_receipts']) {
    const result = (await database.db.execute(
      sql`select md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as d from ${sql.identifier(table)} r`,
    )) as unknown as { rows: { d: string }[] };
    out[table] = result.rows[0]?.d ?? '';
  }
  return out;
}

export const asStaff = (app: FastifyInstance, token: string) => ({
  get: (url: string) => app.inject({ url, headers: bearer(token) }),
  post: (url: string, payload: object) =>
    app.inject({ method: 'POST', url, headers: bearer(token), payload }),
});

/** The newest emails to an address, newest first. */
export async function mailTo(app: FastifyInstance, to: string): Promise<{ subject: string }[]> {
  return (await app.inject({ url: `/api/admin/mail?to=${encodeURIComponent(to)}`, headers: ops })).json();
}

let places = 0;
/** `days` days before today in the portal's zone, YYYY-MM-DD. */
export const daysAgo = (days: number, from = new Date()) =>
  portalDay(new Date(from.getTime() - days * 86_400_000));
/**
 * The receive scan's body for a sample (issue 34 item 11): intact, collected three days ago, stored at
 * a place no other test uses; `more` overrides any of it.
 */
export const receiptFor = (code: string, more: Record<string, unknown> = {}) => ({
  code,
  condition: 'INTACT',
  collectionDate: daysAgo(3),
  freezer: 'F1',
  box: `T${++places}`,
  position: 'A1',
  ...more,
});

let salt = 0;
/**
 * A profile no other test stores (the lab's copy check holds a copied file): the same abundances with
 * the first kingdom's value changed in its last digits.
 */
export function uniqueProfile(profile: string): string {
  salt += 1;
  const lines = profile.split('\n');
  const at = lines.findIndex((l) => l.startsWith('k__'));
  const cells = (lines[at] ?? '').split('\t');
  cells[2] = `${cells[2]}${String(salt).padStart(4, '0')}`;
  lines[at] = cells.join('\t');
  return lines.join('\n');
}
