import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { MailTransport } from '../apps/api/src/adapters/mail/transport.ts';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { type Database, openPglite, openPostgres } from '../apps/api/src/db/client.ts';
import { postgresStore } from './api.ts';

/**
 * `node --import tsx bench/mail-latency.ts`: how long a mail waits between the change that causes it and
 * its hand-off to the mail server. One app in this process works the job queue as `npm start` does
 * (default polling), with a transport that only notes when `send` is called. Each sample registers a new
 * account (its verification mail is written in the registration's transaction), notes when the answer
 * came back (the change committed), and waits for the send. Samples start at random offsets, so they fall
 * anywhere in the workers' polling cycle. Prints the median, p90 and max per database, in ms.
 * Settings: MAIL_BENCH_SAMPLES (default 20), MAIL_BENCH_ONLY=pglite|postgres, BENCH_DATABASE_URL.
 */
const samples = Number(process.env.MAIL_BENCH_SAMPLES ?? 20);
const only = process.env.MAIL_BENCH_ONLY;
const pgServer = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function measure(label: string, database: Database) {
  const sentAt = new Map<string, number>();
  const transport: MailTransport = {
    async send(message) {
      sentAt.set(message.to, performance.now());
    },
  };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-mail-bench-'));
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    AUTH_RATE_LIMIT: '1000000',
    PUBLIC_URL: 'http://localhost:3000',
  });
  const app = await buildApp(config, database, {
    mailTransport: transport,
    workJobs: true,
    webDist: '/nonexistent-web-dist',
    renderPage: null,
  });
  await app.ready();
  const waits: number[] = [];
  try {
    for (let i = 0; i < samples; i++) {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 2000));
      const email = `mail.bench.${Date.now().toString(36)}${i}@example.com`;
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email, password: 'Secret12!', firstName: 'Bench', lastName: 'Mail' },
      });
      if (res.statusCode !== 201) throw new Error(`register answered ${res.statusCode}: ${res.body}`);
      const committed = performance.now();
      const deadline = committed + 30_000;
      while (!sentAt.has(email)) {
        if (performance.now() > deadline) throw new Error('no hand-off within 30 s');
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      waits.push((sentAt.get(email) ?? 0) - committed);
    }
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  waits.sort((a, b) => a - b);
  const at = (q: number) => waits[Math.min(waits.length - 1, Math.floor(q * waits.length))] ?? Number.NaN;
  console.log(
    `${label.padEnd(12)} ${samples} mails: commit → send median ${at(0.5).toFixed(0)} ms, p90 ${at(0.9).toFixed(0)} ms, max ${(waits.at(-1) ?? 0).toFixed(0)} ms`,
  );
}

console.log(
  `machine: ${os.cpus().length} cpus, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
if (!only || only === 'pglite') {
  const database = await openPglite();
  try {
    await measure('PGlite', database);
  } finally {
    await database.close();
  }
}
if (!only || only === 'postgres') {
  const store = await postgresStore(pgServer);
  if (store.kind !== 'postgres') throw new Error('unreachable');
  const database = await openPostgres(store.url);
  try {
    await measure('PostgreSQL', database);
  } finally {
    await database.close();
    await store.drop();
  }
}
