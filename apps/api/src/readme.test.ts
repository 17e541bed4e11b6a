import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { commands } from './ops/commands.ts';

/**
 * The README lists every setting and every ops command (issue 22): a setting read in config.ts (or
 * anywhere in the server's source through process.env) or a command in ops/commands.ts that the README
 * does not name fails here, so the list stays true.
 */
const src = path.dirname(fileURLToPath(import.meta.url));
const readme = fs.readFileSync(path.join(src, '../../../README.md'), 'utf8');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
    return /\.(ts|mjs)$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The keys of config.ts's env schema (two-space indented `NAME:` lines) and every process.env.NAME. */
function settingsRead(): string[] {
  const config = fs.readFileSync(path.join(src, 'config.ts'), 'utf8');
  const schema = config.slice(
    config.indexOf('const envSchema'),
    config.indexOf('\n});', config.indexOf('const envSchema')),
  );
  const names = new Set([...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1] as string));
  for (const file of sourceFiles(src)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)) names.add(m[1] as string);
  }
  return [...names].sort();
}

describe('README.md', () => {
  it('names every setting the server and the ops CLI read', () => {
    const settings = settingsRead();
    expect(settings).toContain('ANSWER_RATE_LIMIT'); // the scan itself works
    expect(settings.filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
  });

  it('lists every ops command in the ops table', () => {
    const names = Object.keys(commands);
    expect(names).toContain('audit:impersonation');
    expect(names.filter((name) => !new RegExp(`^\\| \`${name}[\` ]`, 'm').test(readme))).toEqual([]);
  });
});
