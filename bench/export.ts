import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { answerQuestionnaires, envOf, type Store } from './api.ts';
import { call, OPS_KEY, startServer } from './server.ts';

/**
 * "Download my data" of the demo customer (issue 23): `ops seed:demo`'s account (10 kits, 2 reports)
 * with every questionnaire of its kits answered, exported through the API as the person would ask for
 * it: the time from the request to READY (the job's pick-up included), and the server's memory while
 * it builds the ZIP. The budget is under 5 s and under 200 MB.
 *
 * Memory: the server's peak resident set (VmHWM) is reset just before each request (writing 5 to
 * /proc/PID/clear_refs, Linux), then read once the export is ready, so it is the highest the whole
 * process reached while building that export; the growth is that peak less the resident set just before.
 */
export type ExportFigures = {
  database: string;
  kits: number;
  answers: number;
  zipBytes: number;
  /** Request to READY, each round. */
  ms: number[];
  /** The server's peak resident set during each export, and the resident set before it (MiB). */
  peakMiB: number[];
  beforeMiB: number[];
  /** PostgreSQL only: the same export built in a process of its own (bench/export-alone.ts). */
  alone?: { beforeMiB: number; peakMiB: number; ms: number; zipBytes: number };
};

const ops = { 'x-ops-key': OPS_KEY };
const MiB = 1024 * 1024;

function residentMiB(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return (kb * 1024) / MiB;
}

type Export = { id: string; state: string; size: number | null };

export async function benchExport(store: Store, label: string, rounds = 3): Promise<ExportFigures> {
  const server = await startServer(envOf(store));
  try {
    const base = server.url;
    const seeded = await call<{ accounts: { email: string; password: string }[]; kits: number }>(
      base,
      'POST',
      '/api/admin/seed-demo',
      {},
      ops,
    );
    const account = seeded.accounts[0];
    if (!account) throw new Error('seed:demo made no account');
    const { access_token: token, user_id: userId } = await call<{ access_token: string; user_id: string }>(
      base,
      'POST',
      '/api/auth/login',
      {
        email: account.email,
        password: account.password,
      },
    );
    const auth = { authorization: `Bearer ${token}` };
    // Every questionnaire of every kit that has them open, answered as the person would.
    const kits = await call<{ id: number }[]>(base, 'GET', '/api/kits', undefined, auth);
    let answered = 0;
    for (const kit of kits) {
      try {
        await answerQuestionnaires(base, token, kit.id);
        answered++;
      } catch {
        // A kit not yet activated has no questionnaires to answer.
      }
    }

    const pid = server.child.pid ?? 0;
    const figures: ExportFigures = {
      database: label,
      kits: seeded.kits,
      answers: answered,
      zipBytes: 0,
      ms: [],
      peakMiB: [],
      beforeMiB: [],
    };
    for (let round = 0; round < rounds; round++) {
      figures.beforeMiB.push(residentMiB(pid, 'VmRSS'));
      fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
      const started = performance.now();
      let current = await call<Export>(base, 'POST', '/api/me/exports', undefined, auth);
      while (current.state === 'QUEUED') {
        await new Promise((resolve) => setTimeout(resolve, 25));
        current = await call<Export>(base, 'GET', `/api/me/exports/${current.id}`, undefined, auth);
      }
      figures.ms.push(performance.now() - started);
      figures.peakMiB.push(residentMiB(pid, 'VmHWM'));
      if (current.state !== 'READY') throw new Error(`the export ended ${current.state}`);
      figures.zipBytes = current.size ?? 0;
    }
    // What building an export takes on its own: the server's resident set is mostly everything else it
    // holds (routes, PDF fonts, the queue; with PGlite the database itself), so the budget is also read
    // off a process that only builds this person's export.
    if (store.kind === 'postgres') {
      const out = execFileSync(process.execPath, ['--import', 'tsx', 'bench/export-alone.ts', userId], {
        env: {
          ...process.env,
          DATABASE_URL: store.url,
          // Settings a server on PostgreSQL requires; this process signs nothing.
          JWT_SECRET: randomBytes(48).toString('base64'),
          OPS_KEY: randomBytes(48).toString('base64'),
        },
        encoding: 'utf8',
      });
      figures.alone = JSON.parse(out.trim().split('\n').at(-1) ?? '{}');
    }
    return figures;
  } finally {
    await server.stop();
    if (store.kind === 'postgres') await store.drop();
    else fs.rmSync(store.dataDir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export function printExport(f: ExportFigures) {
  const growth = f.peakMiB.map((peak, i) => peak - (f.beforeMiB[i] ?? 0));
  console.log(
    `\n## Download my data, ${f.database}: the demo customer (${f.kits} kits, 2 reports, questionnaires of ${f.answers} kits answered), ZIP ${(f.zipBytes / 1024).toFixed(0)} KiB`,
  );
  console.log(
    `request to READY: median ${median(f.ms).toFixed(0)} ms (rounds: ${f.ms.map((m) => m.toFixed(0)).join(', ')}); budget 5000 ms`,
  );
  console.log(
    `server peak resident set while building: max ${Math.max(...f.peakMiB).toFixed(0)} MiB, growth over the moment before at most ${Math.max(...growth).toFixed(0)} MiB (rounds: ${growth.map((g) => g.toFixed(0)).join(', ')}); budget 200 MB`,
  );
  if (f.alone)
    console.log(
      `the same export in a process of its own: peak resident set ${f.alone.peakMiB.toFixed(0)} MiB (${f.alone.beforeMiB.toFixed(0)} MiB before building), ${f.alone.ms.toFixed(0)} ms, ZIP ${(f.alone.zipBytes / 1024).toFixed(0)} KiB; budget 200 MB`,
    );
  console.log(
    `load average after: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
}
