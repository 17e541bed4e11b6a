import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const OPS_KEY = 'reliability-ops-key-long-enough-0123456789';
export const JWT_SECRET = 'reliability-jwt-secret-long-enough-0123456789';
export const PASSWORD = 'Reliable12!';
export const ops = { 'x-ops-key': OPS_KEY };
/** The PostgreSQL server to create scratch databases on (RELIABILITY_PG_URL, default the local one). */
export const PG_SERVER = process.env.RELIABILITY_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export type Api = {
  url: string;
  child: ChildProcess;
  /** Everything the server printed, for assertions on its log. */
  output: () => string;
  exited: Promise<number | null>;
  kill(signal: NodeJS.Signals): void;
};

/** apps/api/src/server.ts as a child process on a free port; resolves when /readyz answers 200. */
export async function startApi(env: Record<string, string>, port?: number): Promise<Api> {
  const api = await spawnApi(env, port);
  await untilReady(api);
  return api;
}

/** apps/api/src/server.ts as a child process on a free port, without waiting for anything. */
export async function spawnApi(env: Record<string, string>, port?: number): Promise<Api> {
  const chosen = port ?? (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      // Nothing balances load here: a stop drains at once (rolling-restart.test.ts sets a grace period).
      SHUTDOWN_GRACE_SECONDS: '0',
      PORT: String(chosen),
      PUBLIC_URL: `http://localhost:${chosen}`,
      JWT_SECRET,
      OPS_KEY,
      AUTH_RATE_LIMIT: '1000000',
      PAYMENT_RATE_LIMIT: '1000000',
      ANSWER_RATE_LIMIT: '1000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${chosen}`;
  return { url, child, output: () => out, exited, kill: (signal) => child.kill(signal) };
}

/** Resolves when the server's /readyz answers 200; throws if it exits first or takes over timeoutMs. */
export async function untilReady(api: Api, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (api.child.exitCode !== null) throw new Error(`the server exited while starting:\n${api.output()}`);
    try {
      if ((await fetch(`${api.url}/readyz`)).ok) return;
    } catch {}
    if (Date.now() > deadline) {
      api.kill('SIGKILL');
      throw new Error(`the server did not become ready:\n${api.output()}`);
    }
    await sleep(200);
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A row of a raw query, its columns as the driver gives them. */
export type Row = Record<string, unknown>;

/**
 * JSON request; resolves with status and body, never throws on a status. T is the body the caller
 * expects on success (the parsed JSON is not checked against it): look at the status before relying on it.
 */
export async function send<T = unknown>(
  base: string,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {}
  return { status: res.status, body: parsed as T };
}

/** send() that throws on a status of 300 or more; resolves with the body, typed as the caller expects. */
export async function must<T = unknown>(
  base: string,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await send<T>(base, method, url, body, headers);
  if (res.status >= 300) throw new Error(`${method} ${url} → ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A verified account, signed in. */
export async function person(
  base: string,
  email = `r.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`,
) {
  await must(
    base,
    'POST',
    '/api/admin/users',
    { email, password: PASSWORD, firstName: 'Rel', lastName: 'Iable', dob: '1990-01-01' },
    ops,
  );
  return { email, token: await signIn(base, email) };
}

export async function signIn(base: string, email: string): Promise<string> {
  const login = await must<{ access_token: string }>(base, 'POST', '/api/auth/login', {
    email,
    password: PASSWORD,
  });
  return login.access_token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A scratch PostgreSQL database, dropped by the returned function. */
export async function scratchDatabase(prefix = 'portal_rel') {
  const name = `${prefix}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const admin = new pg.Client({ connectionString: PG_SERVER });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_SERVER);
  url.pathname = `/${name}`;
  const query = async <T = Row>(text: string, params: unknown[] = []): Promise<T[]> => {
    const c = new pg.Client({ connectionString: url.toString() });
    await c.connect();
    try {
      return (await c.query(text, params)).rows as T[];
    } finally {
      await c.end();
    }
  };
  return {
    url: url.toString(),
    query,
    /** The one row a query answers with (a count, say); a query that answers none fails here. */
    async one<T = Row>(text: string, params: unknown[] = []): Promise<T> {
      const [row] = await query<T>(text, params);
      if (row === undefined) throw new Error(`no row from: ${text}`);
      return row;
    },
    async drop() {
      const c = new pg.Client({ connectionString: PG_SERVER });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function postgresReachable() {
  const c = new pg.Client({ connectionString: PG_SERVER, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

export const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'portal-rel-'));
