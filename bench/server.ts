import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const OPS_KEY = 'bench-ops-key-that-is-long-enough-0123456789';
export const JWT_SECRET = 'bench-jwt-secret-that-is-long-enough-0123456789';

/** A port nobody listens on right now. */
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

export type Server = { url: string; port: number; child: ChildProcess; stop(): Promise<number | null> };

/**
 * The real server entry (apps/api/src/server.ts) as a child process on a free port, so the load
 * generator does not share its event loop. Resolves once /readyz answers 200.
 */
export async function startServer(
  env: Record<string, string>,
  port?: number,
  nodeArgs: string[] = [],
): Promise<Server> {
  const chosen = port ?? (await freePort());
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      // No load balancer here: a stop drains at once (the reliability suite's rolling restart sets a grace).
      SHUTDOWN_GRACE_SECONDS: '0',
      PORT: String(chosen),
      PUBLIC_URL: `http://localhost:${chosen}`,
      JWT_SECRET,
      OPS_KEY,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${chosen}`;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} while starting`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) break;
    } catch {}
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('the server did not become ready within 120 s');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    port: chosen,
    child,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** JSON request to the server; throws with the body on an unexpected status. */
export async function call<T = unknown>(
  base: string,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} → ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}
