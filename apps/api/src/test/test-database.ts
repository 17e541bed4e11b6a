import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../db/client.ts';
import { startJobQueue } from '../lib/job-queue.ts';

/**
 * Test databases from a template (issue 22): the migrations run once per test run, into a template
 * (global-setup.ts), and each test file starts from a copy of it instead of migrating a database of its
 * own, which took most of a small file's time. The template holds the job queue's schema too. On PGlite
 * the template is a data folder that each file copies (in memory, on /dev/shm, where the system has it);
 * on PostgreSQL it is a database that each file names in `create database … template …`.
 */
export type Templates = { pglite?: string | undefined; postgres?: string | undefined };

/** A migrated PGlite folder in a scratch folder of its own; removing `root` removes it and its copies. */
export async function createPgliteTemplate(): Promise<{ root: string; template: string }> {
  const root = fs.mkdtempSync(path.join(scratchRoot(), 'portal-tests-'));
  const template = path.join(root, 'template');
  const database = await openPglite(template);
  await installJobQueue(database);
  return { root, template };
}

/** A migrated database on the server of `url`; returns its name. */
export async function createPostgresTemplate(url: string): Promise<string> {
  const name = `portal_template_${crypto.randomBytes(6).toString('hex')}`;
  await withClient(url, (client) => client.query(`create database ${name}`));
  const database = await openPostgres(databaseUrl(url, name), 1);
  await installJobQueue(database);
  return name;
}

/**
 * Installs the job queue's schema in the template, then closes it: every app queues mail in its
 * requests' transactions, so each test app starts the queue (plugins/jobs.ts), and a copy that already
 * holds the schema starts it in a few statements instead of installing it.
 */
async function installJobQueue(database: Database) {
  const queue = await startJobQueue(database, [], { work: false });
  await queue.stop();
  await database.close();
}

/**
 * A database of its own for one test file: a copy of the template when the run has one (PGlite in a
 * copied folder, or a PostgreSQL database made from the template database), else migrated afresh
 * (PGlite in memory, or a new database on TEST_DATABASE_URL's server). Closing it deletes it.
 */
export async function openTestDatabase(url: string | undefined, templates: Templates): Promise<Database> {
  if (!url) {
    if (!templates.pglite) return openPglite();
    const copy = path.join(path.dirname(templates.pglite), `copy-${crypto.randomBytes(6).toString('hex')}`);
    fs.cpSync(templates.pglite, copy, { recursive: true });
    const database = await openPglite(copy);
    return {
      ...database,
      async close() {
        await database.close();
        fs.rmSync(copy, { recursive: true, force: true });
      },
    };
  }
  const name = `portal_test_${crypto.randomBytes(6).toString('hex')}`;
  const template = templates.postgres;
  await withClient(url, async (client) => {
    await (template
      ? // Refused (55006) while a session is still connected to the template: the setup's own
        // connections can take a moment to go.
        whileInUse(() => client.query(`create database ${name} template ${template}`))
      : client.query(`create database ${name}`));
    // A throwaway database: a commit need not wait for its WAL to reach the disk. What other sessions
    // see, and when, is unchanged; only a crash of the server could lose the last commits.
    await client.query(`alter database ${name} set synchronous_commit = off`);
  });
  const database = await openPostgres(databaseUrl(url, name), 4);
  return {
    ...database,
    async close() {
      await database.close();
      await dropDatabase(url, name);
    },
  };
}

/**
 * Drops a database. The pool's end() resolves before its connections have finished closing, and
 * dropping with (force) right away would terminate a closing connection, whose FATAL message then
 * surfaces as an uncaught error; so wait for them to go, and force only as a last resort.
 */
export async function dropDatabase(url: string, name: string): Promise<void> {
  await withClient(url, (client) =>
    whileInUse(
      () => client.query(`drop database if exists ${name}`),
      () => client.query(`drop database if exists ${name} with (force)`),
    ),
  );
}

/** A memory-backed folder where the system has one (the copies are written to, never kept). */
function scratchRoot(): string {
  try {
    fs.accessSync('/dev/shm', fs.constants.W_OK);
    return '/dev/shm';
  } catch {
    return os.tmpdir();
  }
}

function databaseUrl(url: string, name: string): string {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

async function withClient(url: string, use: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await use(client);
  } finally {
    await client.end();
  }
}

/**
 * Runs a statement PostgreSQL refuses while another session is connected to its database (55006),
 * retrying for about five seconds, then the last resort if there is one.
 */
async function whileInUse(statement: () => Promise<unknown>, lastResort?: () => Promise<unknown>) {
  for (let attempt = 0; ; attempt++) {
    try {
      await statement();
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006') throw error;
      if (attempt >= 50) {
        if (!lastResort) throw error;
        await lastResort();
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
