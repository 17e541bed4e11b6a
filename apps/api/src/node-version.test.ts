import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { supportedNode } from './node-version.ts';

const src = path.dirname(fileURLToPath(import.meta.url));

describe('the supported Node.js versions', () => {
  it('takes 22.12 and newer, 24 LTS among them, and refuses older ones', () => {
    for (const version of ['22.12.0', '22.20.1', '24.0.0', 'v24.22.3', '26.1.0']) {
      expect(supportedNode(version), version).toBe(true);
    }
    for (const version of ['20.20.2', '20.19.0', '22.0.0', '22.11.9', 'v18.20.0']) {
      expect(supportedNode(version), version).toBe(false);
    }
  });

  it('is checked first by the server and the ops CLI', () => {
    for (const file of ['server.ts', 'ops/cli.ts']) {
      const text = fs.readFileSync(path.join(src, file), 'utf8');
      const firstImport = text.split('\n').find((line) => line.startsWith('import '));
      expect(firstImport, file).toMatch(/^import '\.{1,2}\/(node-version)\.ts';$/);
    }
  });

  it('stops the server on an older Node with one line, before anything else runs', () => {
    // Node 20 as the process reports it: the check reads process.versions.node.
    const pretend = `data:text/javascript,Object.defineProperty(process.versions,'node',{value:'20.20.2'})`;
    const run = spawnSync(
      process.execPath,
      ['--import', pretend, '--import', 'tsx', path.join(src, 'server.ts')],
      { encoding: 'utf8', env: { ...process.env, PORT: '0', LOG_LEVEL: 'silent' }, timeout: 60_000 },
    );
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/needs Node\.js 22\.12\.0 or newer \(24 LTS recommended\)/);
  });
});
