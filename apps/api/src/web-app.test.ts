import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BRAND_COLOURS, PUBLIC_CONFIG_ELEMENT_ID } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/helpers.ts';
import { jsonForScript, loadPageRenderer, withPageMarkup } from './web-app.ts';

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
  fs.copyFileSync(
    path.resolve(import.meta.dirname, '../../web/public/manifest.webmanifest'),
    path.join(dist, 'manifest.webmanifest'),
  );
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

  it('names the web manifest after the BRAND_NAME setting, as the logo does', async () => {
    const res = await t.app.inject('/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/manifest+json');
    const manifest = res.json();
    expect(manifest).toMatchObject({
      name: 'Gut <Lab>',
      short_name: 'Gut <Lab>',
      start_url: '/dashboard',
      background_color: BRAND_COLOURS.bg,
      theme_color: BRAND_COLOURS.primary,
    });
    expect(manifest.icons.map((icon: { src: string }) => icon.src)).toContain('/icon-192.png');
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

describe('pages the web app draws on the server (decision 014)', () => {
  const calls: string[] = [];
  let drawn: TestApp;
  beforeAll(async () => {
    drawn = await createTestApp(
      {},
      {
        webDist: dist,
        renderPage: async (url) => {
          calls.push(url);
          if (url.startsWith('/broken')) throw new Error('render failed');
          return url.startsWith('/login') ? '<div class="auth-card"><h1>Sign in</h1></div>' : null;
        },
      },
    );
  });
  afterAll(() => drawn.close());
  const get = (url: string) => drawn.app.inject({ url, headers: { accept: 'text/html' } });

  it('arrive drawn in #root, marked for the app to take over, with the config block still there', async () => {
    const res = await get('/login?fromVerify=1');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      '<div id="root" data-server-rendered><div class="auth-card"><h1>Sign in</h1></div></div>',
    );
    expect(res.body).toContain(`id="${PUBLIC_CONFIG_ELEMENT_ID}"`);
    expect(res.headers['cache-control']).toBe('no-cache');
    // The renderer sees the address as asked, query included: the page shows what it asks for.
    expect(calls).toContain('/login?fromVerify=1');
  });

  it('leave every other page as index.html has it', async () => {
    const res = await get('/dashboard');
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('data-server-rendered');
  });

  it('fall back to the page without the drawing when the render fails, never a 500', async () => {
    const res = await get('/broken');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
  });
});

describe('withPageMarkup', () => {
  it('puts the markup in place of what #root held, whatever it held', () => {
    const html = '<html><body>\n<div id="root"><main><p>Loading…</p></main></div>\n</body></html>';
    expect(withPageMarkup(html, '<h1>Hi</h1>')).toBe(
      '<html><body>\n<div id="root" data-server-rendered><h1>Hi</h1></div>\n</body></html>',
    );
  });

  it('refuses a page without #root', () => {
    expect(() => withPageMarkup('<html><body></body></html>', '<h1>Hi</h1>')).toThrow(/#root/);
  });
});

describe('loadPageRenderer', () => {
  it('loads the renderPage export of the web build, and nothing when there is no build', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'renderer-'));
    const file = path.join(folder, 'server-render.js');
    fs.writeFileSync(file, 'export async function renderPage(url) { return "<p>" + url + "</p>"; }\n');
    const render = await loadPageRenderer(file);
    expect(await render?.('/login', {} as never)).toBe('<p>/login</p>');
    expect(await loadPageRenderer(path.join(folder, 'missing.js'))).toBeNull();
    fs.rmSync(folder, { recursive: true, force: true });
  });
});
