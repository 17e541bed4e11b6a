import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openPostgres } from '../apps/api/src/db/client.ts';
import { mailouts, projects } from '../apps/api/src/db/schema/index.ts';
import { sendMailout } from '../apps/api/src/features/staff-studies/mailouts.service.ts';
import { startSmtpSink } from '../apps/api/src/test/smtp-sink.ts';
import { postgresStore } from './api.ts';

/**
 * `node --import tsx bench/mailout.ts` (issue 35 item 7): a study mail-out to 100,000 participants on
 * PostgreSQL, from the send to the last message handed to a local SMTP server (the `smtp-server` sink of
 * the tests, a real SMTP conversation over the transport's pooled connections). One app in this process
 * works the job queue as `npm start` does. Prints the time to write the recipients to the outbox and the
 * messages a second handed to the sink. Settings: MAILOUT_BENCH_RECIPIENTS (100000), MAILOUT_BENCH_RATE
 * (the mail-out's bound, MAILOUT_RATE; default 1000 a second), BENCH_DATABASE_URL.
 */
const recipients = Number(process.env.MAILOUT_BENCH_RECIPIENTS ?? 100_000);
const rate = process.env.MAILOUT_BENCH_RATE ?? '1000';
const pgServer = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

console.log(
  `machine: ${os.cpus().length} cpus, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
const store = await postgresStore(pgServer);
if (store.kind !== 'postgres') throw new Error('unreachable');
const database = await openPostgres(store.url);
const sink = await startSmtpSink({ tls: false, keep: false });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-mailout-bench-'));
const app = await buildApp(
  loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    MAILOUT_RATE: rate,
  }),
  database,
  { workJobs: true, webDist: '/nonexistent-web-dist', renderPage: null },
);
try {
  await app.ready();
  const db = database.db;
  const [project] = await db
    .insert(projects)
    .values({ name: 'Bench study', logisticType: 'CLIENT_MANAGED' })
    .returning({ id: projects.id });
  if (!project) throw new Error('no project');
  await db.execute(sql`insert into users (email, password_hash, first_name, last_name)
    select 'participant' || g || '@bench.example', 'x', 'Pat', 'Bench' from generate_series(1, ${recipients}) g`);
  await db.execute(sql`insert into project_members (user_id, project_id)
    select id, ${project.id} from users where email like '%@bench.example'`);
  await db.execute(sql`analyze`);
  const [staff] = (
    (await db.execute(sql`select id from users where email = 'participant1@bench.example'`)) as unknown as {
      rows: { id: string }[];
    }
  ).rows;
  console.log(`${recipients} participants seeded; mail-out bound ${rate} a second`);

  const started = performance.now();
  const mailout = await sendMailout(
    app.ctx,
    { userId: staff?.id ?? '', authorities: ['STUDY'], sessionId: 'bench' },
    { kind: 'PROJECT', id: project.id },
    { subject: 'News from the bench study', body: 'Thank you for taking part.\n\nHere is what we found.' },
  );
  let queuedMs: number | null = null;
  let lastLog = started;
  while (sink.count() < recipients) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    if (queuedMs === null) {
      const [row] = await db
        .select({ queuedAt: mailouts.queuedAt })
        .from(mailouts)
        .where(sql`${mailouts.id} = ${mailout.id}`);
      if (row?.queuedAt) queuedMs = performance.now() - started;
    }
    if (performance.now() - lastLog > 10_000) {
      lastLog = performance.now();
      console.log(`  ${((lastLog - started) / 1000).toFixed(0)} s: ${sink.count()} handed to the sink`);
    }
    if (performance.now() - started > 1_800_000) throw new Error('not done in 30 minutes');
  }
  const totalMs = performance.now() - started;
  console.log(
    `mail-out to ${recipients}: recipients written to the outbox in ${((queuedMs ?? totalMs) / 1000).toFixed(1)} s; ` +
      `all handed to the SMTP sink in ${(totalMs / 1000).toFixed(1)} s = ${(recipients / (totalMs / 1000)).toFixed(0)} messages a second`,
  );
} finally {
  await app.close();
  await sink.close();
  await database.close();
  await store.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
