import fs from 'node:fs';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { exportFiles, zipExport } from '../apps/api/src/features/data-rights/build-export.ts';
import { jobsNotRegistered } from '../apps/api/src/lib/context.ts';

/**
 * `node --import tsx bench/export-alone.ts <userId>` with DATABASE_URL set (bench/export.ts runs it): one
 * person's export built in a process that does nothing else, as a worker would. Prints the process's
 * peak resident set (VmHWM) before and after building it, in MiB, and the ZIP's size, as JSON.
 */
const peakMiB = () =>
  Number(/^VmHWM:\s+(\d+) kB/m.exec(fs.readFileSync('/proc/self/status', 'utf8'))?.[1] ?? Number.NaN) / 1024;

const userId = process.argv[2];
if (!userId) throw new Error('usage: export-alone.ts <userId>');
const config = loadConfig(process.env);
const database = await openDatabase(config);
const ctx = {
  config,
  db: database.db,
  jwtSecret: 'unused',
  opsKey: 'unused',
  mail: { brand: config.brandName, publicUrl: config.publicUrl, supportEmail: config.supportEmail },
  jobs: jobsNotRegistered,
};
const before = peakMiB();
const now = new Date();
const started = performance.now();
const { zip } = zipExport(await exportFiles(ctx, userId, now), now);
const ms = performance.now() - started;
console.log(JSON.stringify({ beforeMiB: before, peakMiB: peakMiB(), ms, zipBytes: zip.byteLength }));
await database.close();
