import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../../adapters/mail/outbox.ts';
import { embeddedPayments } from '../../adapters/payments/embedded.ts';
import {
  closureRequests,
  dataExports,
  kits,
  outbox,
  parentalConsentForms,
  subscriptionRenewals,
  users,
} from '../../db/schema/index.ts';
import { bearer, createTestApp, PASSWORD, signedInUser, type TestApp } from '../../test/helpers.ts';
import { claimSubscription, renewClaimed } from '../orders/subscriptions.service.ts';
import { closingPerson, personalValuesOf } from './closure.test-helpers.ts';
import { eraseDeliveredConfirmation } from './closure-erase.ts';

/**
 * "A closed account leaves no personal field behind in any table" (issue 23): the test lists every
 * table and every text, character, array and JSON column from information_schema, in every schema the
 * app's database holds (the job queue's too), and looks for each of the person's values in each one.
 */
let t: TestApp;
const delivered: MailMessage[] = [];

beforeAll(async () => {
  t = await createTestApp(
    { PAYMENT_RATE_LIMIT: '1000', VOUCHER_RATE_LIMIT: '1000' },
    {
      workJobs: true,
      jobTuning: { pollingIntervalSeconds: 0.5 },
      // A mail server: the outbox is delivered, so the delivered confirmation can be erased too.
      mailTransport: { send: async (message) => void delivered.push(message) },
    },
  );
}, 60_000);
afterAll(() => t.close());

const rows = async <T>(query: SQL) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

type Column = { schema: string; table: string; column: string; type: string };

async function columns(types: string[]): Promise<Column[]> {
  return rows<Column>(sql`
    select c.table_schema as schema, c.table_name as table, c.column_name as column, c.data_type as type
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where t.table_type = 'BASE TABLE'
      and c.table_schema not in ('pg_catalog', 'information_schema')
      and c.data_type = any(${sql.raw(`array[${types.map((x) => `'${x}'`).join(',')}]`)})
    order by 1, 2, 3`);
}

async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('a closed account leaves no personal field behind', () => {
  it('erases or anonymises the person in every table and column', async () => {
    const person = await closingPerson(t.app, t.database);
    // A renewal of the subscription, whose kit is not sent yet: its charge is kept, the kit refunded.
    const claimed = await claimSubscription(t.app.ctx, person.subscriptionId);
    if (typeof claimed === 'string') throw new Error(`subscription not claimed: ${claimed}`);
    const later = new Date(Date.now() + 400 * 24 * 3600 * 1000);
    expect(await renewClaimed(t.app.ctx, embeddedPayments(t.database.db), claimed, later)).toEqual({
      renewed: true,
    });
    const [renewal] = await t.database.db
      .select()
      .from(subscriptionRenewals)
      .where(eq(subscriptionRenewals.subscriptionId, person.subscriptionId));
    if (!renewal) throw new Error('the renewal was not recorded');
    // A support view, so the access log has rows about the person too.
    const support = await signedInUser(t.app, { authorities: ['IMPERSONATE'] });
    const view = await t.app.inject({
      method: 'POST',
      url: '/api/auth/impersonate',
      headers: bearer(support.accessToken),
      payload: { username: person.email },
    });
    await t.app.inject({ url: '/api/kits', headers: bearer(view.json().access_token) });
    const values = await personalValuesOf(person, t.database);
    const textColumns = await columns(['text', 'character varying', 'character', 'jsonb', 'json', 'ARRAY']);

    // Before: the search finds the person all over the database (the test can see what it looks for).
    const patterns = sql.join(
      values.map((v) => sql`${`%${v}%`}`),
      sql`, `,
    );
    const found = async () => {
      const hits: string[] = [];
      for (const c of textColumns) {
        const [hit] = await rows<{ value: string }>(sql`
          select ${sql.identifier(c.column)}::text as value
          from ${sql.identifier(c.schema)}.${sql.identifier(c.table)}
          where ${sql.identifier(c.column)}::text ilike any(array[${patterns}])
          limit 1`);
        if (hit) hits.push(`${c.schema}.${c.table}.${c.column}`);
      }
      return hits;
    };
    const before = await found();
    for (const where of [
      'public.users.email',
      'public.users.first_name',
      'public.outbox.text',
      'public.orders.purchaser_email',
      'public.survey_answers.answer_string',
      'public.kits.name',
      'public.candidates.email',
      'public.notifications.recipient',
      'public.notifications.subject',
      'public.participant_codes.email',
      'public.staff_audit.before',
      'public.subscriptions.address_line1',
      'public.sms_phones.phone',
      'public.sms_outbox.to',
    ])
      expect(before, where).toContain(where);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/me/closure',
      headers: bearer(person.accessToken),
      payload: { password: PASSWORD, scope: 'EVERYTHING' },
    });
    expect(res.statusCode).toBe(202);
    const closure = await until('the closure', async () => {
      const [row] = await t.database.db
        .select()
        .from(closureRequests)
        .where(eq(closureRequests.id, res.json().id));
      return row?.state === 'PROCESSED' && row;
    });
    // The confirmation is delivered, then its address and words are erased (the job that does it runs a
    // minute later; the test calls the same function once the message is out).
    const confirmationId = closure.confirmationMailId as number;
    await until('the confirmation to be delivered', async () => {
      const [m] = await t.database.db.select().from(outbox).where(eq(outbox.id, confirmationId));
      return m?.sentAt;
    });
    expect(delivered.find((m) => m.to === person.email)?.text).toContain(person.personal.firstName);
    expect((await t.app.jobs.list({ queue: 'account.closure.mail' })).jobs).toHaveLength(1);
    await eraseDeliveredConfirmation(t.app.ctx, closure.id);

    expect(await found()).toEqual([]);
    // Dates are not text: the date of birth is looked for in every date column.
    for (const c of await columns(['date'])) {
      const [hit] = await rows(sql`
        select 1 from ${sql.identifier(c.schema)}.${sql.identifier(c.table)}
        where ${sql.identifier(c.column)} = ${person.personal.dateOfBirth}::date limit 1`);
      expect(hit, `${c.schema}.${c.table}.${c.column}`).toBeUndefined();
    }
    // Files are not searched as text: the person's export and uploaded forms are gone.
    expect(await t.database.db.select().from(dataExports).where(eq(dataExports.userId, person.id))).toEqual(
      [],
    );
    expect(
      await t.database.db
        .select()
        .from(parentalConsentForms)
        .where(eq(parentalConsentForms.userId, person.id)),
    ).toEqual([]);
    // The renewal's charge is kept for tax, like the orders (a payment id and an amount, nothing personal);
    // its unsent kit was refunded.
    expect(
      await t.database.db
        .select()
        .from(subscriptionRenewals)
        .where(eq(subscriptionRenewals.subscriptionId, person.subscriptionId)),
    ).toEqual([renewal]);
    const [renewalKit] = await t.database.db.select().from(kits).where(eq(kits.id, renewal.kitId));
    expect(renewalKit?.kitStatus).toBe('REFUNDED');
    // What is left of the account: a tombstone that says nothing.
    const [tombstone] = await t.database.db.select().from(users).where(eq(users.id, person.id));
    expect(tombstone).toMatchObject({
      email: `closed-${person.id}@closed.invalid`,
      firstName: '',
      lastName: '',
      dateOfBirth: null,
      phoneNumber: null,
      addressLine1: null,
      authorities: [],
    });
    // The walk covered every table, the job queue's included.
    const tables = new Set(textColumns.map((c) => `${c.schema}.${c.table}`));
    expect(tables.size).toBeGreaterThan(40);
    expect([...tables].some((name) => name.startsWith('pgboss.'))).toBe(true);
    expect(tables).toContain('public.subscription_renewals');
  }, 120_000);
});
