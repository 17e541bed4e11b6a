import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type AdminClient, OpsError } from './client.ts';

type ExportState = { id: string; userId: string; state: string; size: number | null };

/**
 * `ops user:export --email E --out FILE.zip`: starts an export of the person's data (audited on the
 * server, and the person is emailed as for their own request), waits for its job, then writes the ZIP.
 * The file appears whole or not at all: it is written beside the target and renamed.
 */
export async function exportUser(
  client: AdminClient,
  email: string,
  out: string,
  { timeoutSeconds = 300, pollMs = 500 }: { timeoutSeconds?: number; pollMs?: number } = {},
) {
  const folder = path.dirname(path.resolve(out));
  if (!fs.existsSync(folder)) throw new OpsError(`The folder ${folder} does not exist`);
  let current = (await client.post('/api/admin/exports', { email })) as ExportState;
  const deadline = Date.now() + timeoutSeconds * 1000;
  while (current.state === 'QUEUED') {
    if (Date.now() > deadline)
      throw new OpsError(
        `The export ${current.id} is still being prepared after ${timeoutSeconds} s; see ops jobs:list --queue data.export`,
      );
    await new Promise((resolve) => setTimeout(resolve, pollMs));
    current = (await client.get(`/api/admin/exports/${current.id}`)) as ExportState;
  }
  if (current.state !== 'READY')
    throw new OpsError(
      `The export ${current.id} ended ${current.state}; see ops jobs:list --queue data.export`,
    );
  const zip = await client.download(`/api/admin/exports/${current.id}/download`);
  const partial = `${out}.part`;
  fs.writeFileSync(partial, zip, { mode: 0o600 });
  fs.renameSync(partial, out);
  return {
    id: current.id,
    userId: current.userId,
    state: current.state,
    file: path.resolve(out),
    size: zip.byteLength,
    sha256: createHash('sha256').update(zip).digest('hex'),
  };
}
