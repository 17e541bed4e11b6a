// `npm run screens [-- <folder>]`: builds the web app, runs the screens journeys (apps/web/e2e/screens*.spec.ts)
// on scratch databases with SCREENS_DIR set, so every page and modal of the customer portal, the research
// portal and the public pages is saved at 390 × 844 and 1280 × 800 as <folder>/<portal>/<name>-<width>.png
// (default folder docs/screens), then writes <folder>/index.html showing them in a grid (issue 26).
// Without SCREENS_DIR the same journeys are `npm test`'s smoke test and save nothing.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = path.resolve(root, process.argv[2] ?? 'docs/screens');
const PORTALS = [
  { dir: 'public', title: 'Public pages (customer portal)' },
  { dir: 'consumer', title: 'Customer portal' },
  { dir: 'research', title: 'Research portal' },
] as const;

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

for (const { dir } of PORTALS) fs.rmSync(path.join(out, dir), { recursive: true, force: true });
if (!process.env.SCREENS_SKIP_BUILD) run('npm', ['run', 'build', '-w', 'apps/web']);
run('npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', 'screens'], {
  ...process.env,
  SCREENS_DIR: out,
});

const html = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** Each screen's name with the widths it was taken at, in the order the journeys showed them. */
function screensOf(dir: string): { name: string; files: string[] }[] {
  const folder = path.join(out, dir);
  if (!fs.existsSync(folder)) return [];
  const files = fs
    .readdirSync(folder)
    .filter((file) => file.endsWith('.png'))
    .map((file) => ({ file, at: fs.statSync(path.join(folder, file)).mtimeMs }))
    .sort((a, b) => a.at - b.at);
  const byName = new Map<string, string[]>();
  for (const { file } of files) {
    const name = file.replace(/-\d+\.png$/, '');
    byName.set(name, [...(byName.get(name) ?? []), file]);
  }
  return [...byName].map(([name, names]) => ({
    name,
    files: names.sort(
      (a, b) => parseInt(a.split('-').at(-1) ?? '0', 10) - parseInt(b.split('-').at(-1) ?? '0', 10),
    ),
  }));
}

let total = 0;
const sections = PORTALS.map(({ dir, title }) => {
  const screens = screensOf(dir);
  total += screens.length;
  const cards = screens
    .map(
      ({ name, files }) => `    <figure>
      <figcaption>${html(name)}</figcaption>
      <div class="shots">${files
        .map(
          (file) =>
            `<a href="${dir}/${file}"><img src="${dir}/${file}" alt="${html(`${name}, ${file.match(/-(\d+)\.png$/)?.[1]} px wide`)}" loading="lazy"></a>`,
        )
        .join('')}</div>
    </figure>`,
    )
    .join('\n');
  return `  <h2>${html(title)} (${screens.length})</h2>\n  <div class="grid">\n${cards}\n  </div>`;
}).join('\n');

fs.writeFileSync(
  path.join(out, 'index.html'),
  `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Screens: every page and modal at 390 and 1280 px</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 1.5rem; color: #1a1a1a; }
  .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(26rem, 1fr)); gap: 1.5rem; }
  figure { margin: 0; border: 1px solid #ccc; border-radius: 6px; padding: 0.5rem; }
  figcaption { font-weight: 600; margin-bottom: 0.5rem; }
  .shots { display: flex; gap: 0.5rem; align-items: flex-start; }
  .shots a:first-child { flex: 0 0 28%; }
  .shots a:last-child { flex: 1; }
  img { width: 100%; max-height: 32rem; object-fit: cover; object-position: top; border: 1px solid #eee; }
</style>
</head>
<body>
  <h1>Screens</h1>
  <p>Made by <code>npm run screens</code>: each page and modal of the seeded demo at 390 × 844 (left) and 1280 × 800 (right). Long pages are cut at 3200 px. Click a picture for full size.</p>
${sections}
</body>
</html>
`,
);
console.log(`${total} screens in ${path.relative(root, out)}/index.html`);
