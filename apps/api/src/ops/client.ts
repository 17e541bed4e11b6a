import fs from 'node:fs';
import path from 'node:path';

export class OpsError extends Error {}

/** Talks to the admin API of a running server with the operator key. */
export function adminClient(url: string, key: string) {
  async function call(method: string, route: string, body?: unknown) {
    let response: Response;
    try {
      response = await fetch(new URL(route, url), {
        method,
        headers: { 'x-ops-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch {
      throw new OpsError(`Cannot reach the portal at ${url}. Is it running? (set --url)`);
    }
    const text = await response.text();
    const data = text ? JSON.parse(text) : null;
    if (!response.ok) {
      const fields = data?.fields
        ? ` (${Object.entries(data.fields)
            .map(([k, v]) => `${k}: ${v}`)
            .join('; ')})`
        : '';
      throw new OpsError(`${data?.message ?? response.statusText}${fields}`);
    }
    return data;
  }
  /** A file of the admin API (a ZIP, a PDF): its bytes, or the API's error message. */
  async function download(route: string): Promise<Buffer> {
    let response: Response;
    try {
      response = await fetch(new URL(route, url), { headers: { 'x-ops-key': key } });
    } catch {
      throw new OpsError(`Cannot reach the portal at ${url}. Is it running? (set --url)`);
    }
    const body = Buffer.from(await response.arrayBuffer());
    if (!response.ok) {
      let message = response.statusText;
      try {
        message = (JSON.parse(body.toString('utf8')) as { message?: string }).message ?? message;
      } catch {}
      throw new OpsError(message);
    }
    return body;
  }
  return {
    download,
    get: (route: string) => call('GET', route),
    post: (route: string, body: unknown) => call('POST', route, body),
    put: (route: string, body: unknown) => call('PUT', route, body),
    patch: (route: string, body: unknown) => call('PATCH', route, body),
  };
}
export type AdminClient = ReturnType<typeof adminClient>;

/** The operator key: OPS_KEY, or the one the server wrote to DATA_DIR/ops.key on first start. */
export function readOpsKey(env: NodeJS.ProcessEnv = process.env): string {
  if (env.OPS_KEY) return env.OPS_KEY;
  const file = path.join(env.DATA_DIR ?? './data', 'ops.key');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    throw new OpsError(`No operator key: set OPS_KEY or start the server once so it writes ${file}`);
  }
}
