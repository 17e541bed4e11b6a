import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type ConstructorOptions, fromDrizzle, type JobInsert, PgBoss, type Queue } from 'pg-boss';
import type { Database, DbOrTx } from '../db/client.ts';

/**
 * All background work runs as jobs in one PostgreSQL queue, pg-boss (decision 031), in the app's own
 * database and through the app's own connection (the `Database` of db/client.ts), so it behaves the same
 * on PostgreSQL and on the embedded database. A worker claims a job in one short statement (SKIP LOCKED,
 * state `active`) and settles it in another: no transaction stays open while a job talks to the network,
 * each job runs on one instance only, and a failed one is retried with backoff, then kept as `failed`.
 */

/** The schema pg-boss keeps its tables in (it creates and migrates it on start). */
export const JOB_SCHEMA = 'pgboss';
/**
 * How often the queue's supervision runs (one instance per interval): among other things it fails the
 * active jobs whose worker stopped beating (heartbeatSeconds), so the queue retries them. pg-boss's 60 s
 * default let a data export cut short by kill -9 wait more than a minute after the restart (issue 32).
 */
const SUPERVISE_SECONDS = 10;

/** Queues of earlier versions, removed with their schedules and jobs on start: the mail relay (decision 043). */
export const RETIRED_QUEUES = ['mail.relay'];

export type JobContext = {
  id: string;
  /** 0 on the first attempt, then 1, 2... */
  retryCount: number;
  queue: JobQueue;
};

export type JobDefinition<T = unknown> = {
  name: string;
  /** Retries, backoff, expiry and policy of the queue (pg-boss queue options). */
  queue?: Omit<Queue, 'name'>;
  /** A cron expression: one job per occurrence, created once across all instances. */
  cron?: string;
  /** How often an idle worker looks for a job; default 2 s (at least 0.5). */
  pollingIntervalSeconds?: number;
  /** Jobs of this queue one instance runs at once (each worker loop takes one job per poll); default 1. */
  concurrency?: number;
  /** Throws to fail the attempt: the queue retries it as the queue options say. */
  run(data: T, job: JobContext): Promise<void>;
};

export type SendOptions = {
  /** Queue the job in this transaction: it exists only if the transaction commits. */
  tx?: DbOrTx;
  startAfterSeconds?: number;
  /** At most one queued job per key (with the queue's policy). */
  singletonKey?: string;
};

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

export type JobListing = {
  queues: { name: string; counts: Partial<Record<JobState, number>> }[];
  jobs: {
    id: string;
    queue: string;
    state: JobState;
    retryCount: number;
    retryLimit: number;
    createdOn: string;
    startedOn: string | null;
    completedOn: string | null;
    startAfter: string;
    data: unknown;
    /** The error of a failed attempt, or what the job returned. */
    output: unknown;
  }[];
};

export type JobQueue = {
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  insert<T extends object>(name: string, jobs: JobInsert<T>[], tx?: DbOrTx): Promise<void>;
  list(filter?: { queue?: string; state?: JobState; limit?: number }): Promise<JobListing>;
  /**
   * Resolves once the queue is installed (the jobs plugin installs it when the app is ready). A job sent in
   * a transaction needs it installed: installing it then would wait for the embedded database's one
   * connection, which that transaction holds.
   */
  ready(): Promise<void>;
  /** Stops the workers, waits for the jobs in progress (up to timeoutMs), and stops the queue's timers. */
  stop(timeoutMs?: number): Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue (jobs.ts installs it): send a job, in a transaction or not, and list jobs for operators. */
    jobs: JobQueue;
  }
}

export type StartOptions = {
  log?: FastifyBaseLogger;
  /** false: only create queues and send jobs (ops tooling, tests that look at queued jobs). */
  work?: boolean;
};

const asJobDb = (db: DbOrTx) => fromDrizzle(db as never, sql as never);

/** Starts pg-boss on the app's database, creates each queue, and (unless work is false) works them. */
export async function startJobQueue(
  database: Database,
  definitions: JobDefinition<never>[],
  { log, work = true }: StartOptions = {},
): Promise<JobQueue> {
  const options: ConstructorOptions = {
    db: asJobDb(database.db),
    backend: database.kind === 'pglite' ? 'pglite' : 'postgres',
    schema: JOB_SCHEMA,
    supervise: work,
    superviseIntervalSeconds: SUPERVISE_SECONDS,
    schedule: work && definitions.some((d) => d.cron),
    instanceName: 'portal',
    // Only a working instance keeps a row (and a heartbeat) in pg-boss's instance registry.
    registerInstance: work,
    // Spans and metrics stay off until the app has an OpenTelemetry setup of its own.
    openTelemetry: { enabled: false },
  };
  const boss = await startBoss(options, log);

  const queue: JobQueue = {
    async send(name, data, { tx, startAfterSeconds, singletonKey } = {}) {
      return boss.send(name, data, {
        ...(tx ? { db: asJobDb(tx) } : {}),
        ...(startAfterSeconds ? { startAfter: startAfterSeconds } : {}),
        ...(singletonKey ? { singletonKey } : {}),
      });
    },
    async insert(name, jobs, tx) {
      if (jobs.length) await boss.insert(name, jobs, tx ? { db: asJobDb(tx) } : {});
    },
    list: (filter) => listJobs(database.db, filter),
    ready: async () => {},
    async stop(timeoutMs = 10_000) {
      await boss.stop({ graceful: true, close: false, timeout: timeoutMs });
    },
  };

  try {
    const existing = new Set((await boss.getQueues()).map((q) => q.name));
    for (const name of RETIRED_QUEUES.filter((n) => existing.has(n))) {
      await boss.unschedule(name);
      await boss.deleteQueue(name);
    }
    for (const definition of definitions) {
      // Queues are created once; a changed retry policy is applied to the queue that exists.
      if (existing.has(definition.name)) await boss.updateQueue(definition.name, updatable(definition.queue));
      else await createQueueOnce(boss, definition);
      if (definition.cron) await boss.schedule(definition.name, definition.cron);
      if (!work) continue;
      await boss.work<never>(
        definition.name,
        {
          pollingIntervalSeconds: definition.pollingIntervalSeconds ?? 2,
          localConcurrency: definition.concurrency ?? 1,
        },
        async ([job]) => {
          if (job) await definition.run(job.data, { id: job.id, retryCount: job.retryCount, queue });
        },
      );
    }
  } catch (error) {
    await boss.stop({ graceful: false, close: false }).catch(() => {});
    throw error;
  }
  return queue;
}

/**
 * Starts pg-boss. Instances starting together on a fresh database all see no schema and all try to
 * install it; pg-boss serializes the installs with a lock, so the later ones fail on objects the first
 * just created. A second try finds the schema installed.
 */
async function startBoss(options: ConstructorOptions, log: FastifyBaseLogger | undefined, attempts = 4) {
  for (let attempt = 1; ; attempt++) {
    const boss = new PgBoss(options);
    boss.on('error', (error) => log?.error({ err: error }, 'job queue error'));
    boss.on('warning', (warning) => log?.warn({ warning }, 'job queue warning'));
    try {
      await boss.start();
      return boss;
    } catch (error) {
      await boss.stop({ graceful: false, close: false }).catch(() => {});
      if (attempt >= attempts) throw error;
      log?.warn({ attempt }, 'job queue start failed (another instance installing it?); trying again');
      await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
    }
  }
}

/** Two instances starting at once may both try to create a queue: the second finds it made. */
async function createQueueOnce(boss: PgBoss, definition: JobDefinition<never>) {
  try {
    await boss.createQueue(definition.name, definition.queue ?? {});
  } catch (error) {
    const made = (await boss.getQueues([definition.name])).length > 0;
    if (!made) throw error;
  }
}

/**
 * What updateQueue accepts: the policy, partition and dead letter of a queue are fixed at creation. A
 * heartbeat is not, so a queue created without one gets it (jobs created from then on carry it).
 */
function updatable(options: JobDefinition['queue'] = {}) {
  const { policy: _policy, partition: _partition, deadLetter: _deadLetter, ...rest } = options;
  return rest;
}

/** Counts per queue and state, and the newest jobs (optionally of one queue or state), for operators. */
export async function listJobs(
  db: DbOrTx,
  { queue, state, limit = 50 }: { queue?: string; state?: JobState; limit?: number } = {},
): Promise<JobListing> {
  const schema = sql.identifier(JOB_SCHEMA);
  const counts = await rowsOf<{ name: string; state: JobState; count: number }>(
    db,
    sql`select name, state::text as state, count(*)::int as count from ${schema}.job
        where ${queue ?? null}::text is null or name = ${queue ?? null}
        group by name, state order by name, state`,
  );
  const queues = new Map<string, Partial<Record<JobState, number>>>();
  for (const row of counts) {
    const entry = queues.get(row.name) ?? {};
    entry[row.state] = row.count;
    queues.set(row.name, entry);
  }
  const jobs = await rowsOf<{
    id: string;
    name: string;
    state: JobState;
    retry_count: number;
    retry_limit: number;
    created_on: Date | string;
    started_on: Date | string | null;
    completed_on: Date | string | null;
    start_after: Date | string;
    data: unknown;
    output: unknown;
  }>(
    db,
    sql`select id, name, state::text as state, retry_count, retry_limit, created_on, started_on, completed_on,
          start_after, data, output
        from ${schema}.job
        where (${queue ?? null}::text is null or name = ${queue ?? null})
          and (${state ?? null}::text is null or state::text = ${state ?? null})
        order by created_on desc, id limit ${Math.min(Math.max(limit, 1), 1000)}`,
  );
  return {
    queues: [...queues].map(([name, c]) => ({ name, counts: c })),
    jobs: jobs.map((row) => ({
      id: row.id,
      queue: row.name,
      state: row.state,
      retryCount: row.retry_count,
      retryLimit: row.retry_limit,
      createdOn: iso(row.created_on),
      startedOn: row.started_on === null ? null : iso(row.started_on),
      completedOn: row.completed_on === null ? null : iso(row.completed_on),
      startAfter: iso(row.start_after),
      data: row.data,
      output: row.output,
    })),
  };
}

/** The rows of a raw statement (node-postgres answers { rows } on both databases). */
async function rowsOf<T>(db: DbOrTx, statement: SQL): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

const iso = (value: Date | string) => new Date(value).toISOString();
