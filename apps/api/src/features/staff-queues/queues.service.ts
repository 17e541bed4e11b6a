import {
  LAB_STEPS,
  QUEUE_SHOWN,
  type ReceiptCondition,
  TURNAROUND_STEPS,
  TURNAROUND_WINDOW_DAYS,
  type WorkQueues,
  type workQueueQuerySchema,
} from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { AppContext } from '../../lib/context.ts';

/**
 * The console's work queues (issue 34 item 17): samples waiting at a step for more than N days, kits
 * sent with no sample back after N weeks, tubes received not intact (the customers to call), and the
 * turnaround of each step (median and 90th percentile in days). `now` is the clock the ages are
 * counted from (a test passes its own).
 */

type Query = z.output<typeof workQueueQuerySchema>;
const DAY_MS = 86_400_000;

/** Samples at the lab between arrival and release: where a sample can wait at a step. */
const WAITING_STATUSES = ['RECEIVED_BY_LAB', 'READY_FOR_ACCESSIONING', ...LAB_STEPS, 'COMPLETED'];
/** A kit on its way to the person or with them, and a sample not yet at the lab. */
const SENT_KIT_STATUSES = ['DISPATCHED_BY_LAB', 'RECEIVED_BY_CUSTOMER'];
const NOT_BACK_SAMPLES = [
  'UNLABELLED',
  'UNALLOCATED',
  'ALLOCATED',
  'DISPATCHED_BY_CUSTOMER',
  'LOST_IN_TRANSIT',
];

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

type KitLine = {
  id: number;
  sample_identifier: string;
  kit_status: string;
  sample_status: string | null;
  owner_id: string | null;
  first_name: string | null;
  last_name: string | null;
  since: Date | string;
  total: number | string;
};

const instant = (value: Date | string) => (value instanceof Date ? value : new Date(value));

function kitOf(row: KitLine, now: Date) {
  const since = instant(row.since);
  return {
    id: row.id,
    label: `KIT-${row.id}`,
    sampleIdentifier: row.sample_identifier,
    kitStatus: row.kit_status,
    sampleStatus: row.sample_status,
    owner:
      row.owner_id === null
        ? null
        : { id: row.owner_id, name: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim() },
    since: since.toISOString(),
    days: Math.max(0, Math.floor((now.getTime() - since.getTime()) / DAY_MS)),
  };
}

const totalOf = (rows: { total: number | string }[]) => Number(rows[0]?.total ?? 0);
const round1 = (value: number | string | null) =>
  value === null ? null : Math.round(Number(value) * 10) / 10;

export async function workQueues(ctx: AppContext, query: Query, now: Date = new Date()): Promise<WorkQueues> {
  const { db } = ctx;
  const stepCutoff = new Date(now.getTime() - query.stepDays * DAY_MS);
  const returnCutoff = new Date(now.getTime() - query.returnWeeks * 7 * DAY_MS);
  const callFrom = new Date(now.getTime() - query.callDays * DAY_MS);
  const windowFrom = new Date(now.getTime() - TURNAROUND_WINDOW_DAYS * DAY_MS);

  const [waiting, notBack, notIntact, turnaround] = await Promise.all([
    rowsOf<KitLine & { quarantined: boolean }>(
      db,
      sql`select * , count(*) over () as total from (
        select k.id, k.sample_identifier, k.kit_status, k.sample_status, k.owner_id, u.first_name, u.last_name,
          coalesce((select max(e.at) from kit_events e where e.kit_id = k.id and e.event_type = k.sample_status), k.updated_at) as since,
          exists (select 1 from sample_receipts r where r.kit_id = k.id and r.quarantined_at is not null and r.decision is null) as quarantined
        from kits k left join users u on u.id = k.owner_id
        where k.sample_status in (${list(WAITING_STATUSES)})
      ) w where w.since < ${stepCutoff.toISOString()}::timestamptz
      order by w.since asc, w.id asc limit ${QUEUE_SHOWN}`,
    ),
    rowsOf<KitLine>(
      db,
      sql`select *, count(*) over () as total from (
        select k.id, k.sample_identifier, k.kit_status, k.sample_status, k.owner_id, u.first_name, u.last_name,
          coalesce((select max(e.at) from kit_events e where e.kit_id = k.id and e.event_type = 'DISPATCHED_BY_LAB'), k.updated_at) as since
        from kits k left join users u on u.id = k.owner_id
        where k.kit_status in (${list(SENT_KIT_STATUSES)})
          and (k.sample_status is null or k.sample_status in (${list(NOT_BACK_SAMPLES)}))
      ) w where w.since < ${returnCutoff.toISOString()}::timestamptz
      order by w.since asc, w.id asc limit ${QUEUE_SHOWN}`,
    ),
    rowsOf<
      KitLine & {
        condition: ReceiptCondition;
        phone: string | null;
        quarantined_at: Date | null;
        decision: string | null;
      }
    >(
      db,
      sql`select k.id, k.sample_identifier, k.kit_status, k.sample_status, k.owner_id, u.first_name, u.last_name,
          u.phone_number as phone, r.received_at as since, r.condition, r.quarantined_at, r.decision,
          count(*) over () as total
        from sample_receipts r join kits k on k.id = r.kit_id left join users u on u.id = k.owner_id
        where r.condition <> 'INTACT' and r.received_at >= ${callFrom.toISOString()}::timestamptz
          and r.received_at <= ${now.toISOString()}::timestamptz
        order by r.received_at asc, k.id asc limit ${QUEUE_SHOWN}`,
    ),
    rowsOf<{ ord: number; n: number | string; median: number | string | null; p90: number | string | null }>(
      db,
      sql`with pairs(ord, from_status, to_status) as (values ${sql.join(
        TURNAROUND_STEPS.map(([from, to], i) => sql`(${i}::int, ${from}, ${to})`),
        sql`, `,
      )}),
      firsts as (
        select e.kit_id, e.event_type, min(e.at) as at from kit_events e
        where e.event_type in (select from_status from pairs union select to_status from pairs)
          and e.kit_id in (select kit_id from kit_events where at >= ${windowFrom.toISOString()}::timestamptz)
        group by e.kit_id, e.event_type
      )
      select p.ord, count(*) as n,
        percentile_cont(0.5) within group (order by extract(epoch from (t.at - f.at)) / 86400.0) as median,
        percentile_cont(0.9) within group (order by extract(epoch from (t.at - f.at)) / 86400.0) as p90
      from pairs p
      join firsts f on f.event_type = p.from_status
      join firsts t on t.kit_id = f.kit_id and t.event_type = p.to_status and t.at >= f.at
      where t.at >= ${windowFrom.toISOString()}::timestamptz and t.at <= ${now.toISOString()}::timestamptz
      group by p.ord`,
    ),
  ]);

  const byStep = new Map(turnaround.map((r) => [Number(r.ord), r]));
  return {
    settings: { stepDays: query.stepDays, returnWeeks: query.returnWeeks, callDays: query.callDays },
    waitingAtStep: {
      total: totalOf(waiting),
      items: waiting.map((r) => ({ ...kitOf(r, now), quarantined: r.quarantined === true })),
    },
    noSampleBack: { total: totalOf(notBack), items: notBack.map((r) => kitOf(r, now)) },
    notIntact: {
      total: totalOf(notIntact),
      items: notIntact.map((r) => ({
        ...kitOf(r, now),
        condition: r.condition,
        phone: r.phone,
        quarantine:
          r.quarantined_at === null ? null : ((r.decision as 'RELEASED' | 'FAILED' | null) ?? 'OPEN'),
      })),
    },
    turnaround: TURNAROUND_STEPS.map(([from, to], i) => {
      const row = byStep.get(i);
      return {
        from,
        to,
        samples: Number(row?.n ?? 0),
        medianDays: round1(row?.median ?? null),
        p90Days: round1(row?.p90 ?? null),
      };
    }),
  };
}
