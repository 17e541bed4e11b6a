import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PUBLIC_CONFIG_ELEMENT_ID } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/helpers.ts';
import { jsonForScript } from './web-app.ts';

const HOSTILE = '</script><script>alert(1)</script><!-- & \u2028 end';
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <title>Portal</title>
    <script type="module" crossorigin src="/assets/index.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

let dist: string;
let t: TestApp;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'assets/index.js'), 'export {};\n');
  t = await createTestApp({ SITE_ALERT: HOSTILE, BRAND_NAME: 'Gut <Lab>' }, { webDist: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const page = (url: string) => t.app.inject({ url, headers: { accept: 'text/html,application/xhtml+xml' } });

/** The text of the config block, as the browser's HTML parser would end it: at the first `</script`. */
function configBlock(html: string): string {
  const open = `<script type="application/json" id="${PUBLIC_CONFIG_ELEMENT_ID}">`;
  const start = html.indexOf(open);
  expect(start).toBeGreaterThan(-1);
  const from = start + open.length;
  return html.slice(from, html.toLowerCase().indexOf('</script', from));
}

describe('the served web app', () => {
  it('carries the public config, the same object GET /api/config answers', async () => {
    const config = (await t.app.inject('/api/config')).json();
    for (const url of ['/login', '/dashboard', '/report/12?tab=chart', '/index.html']) {
      const res = await page(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(JSON.parse(configBlock(res.body))).toEqual(config);
    }
  });

  it('keeps a hostile setting inside the data block', async () => {
    const html = (await page('/login')).body;
    const block = configBlock(html);
    expect(block).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(block).siteAlert).toBe(HOSTILE);
    expect(JSON.parse(block).brandName).toBe('Gut <Lab>');
    // Only the app's own module script and the data block: nothing the setting could have opened.
    expect(html.match(/<script/gi)).toHaveLength(2);
    expect(html).not.toContain('alert(1)</script>');
  });

  it('is served under the strict content security policy, revalidated on each visit', async () => {
    const res = await page('/kits');
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(String(res.headers['content-security-policy'])).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('still serves the built files, and the API error shape for unknown API paths', async () => {
    expect((await t.app.inject('/assets/index.js')).statusCode).toBe(200);
    const api = await t.app.inject({ url: '/api/nothing', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBeTruthy();
  });
});

describe('jsonForScript', () => {
  it('escapes what could end a script element, and parses back to the same value', () => {
    const value = { a: '</script><!--x-->', b: 'a & b', c: '\u2028\u2029', d: null, e: [1, true] };
    const text = jsonForScript(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});
