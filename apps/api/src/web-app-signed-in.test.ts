import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SignedInPageReads } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  kitWithResults,
  PASSWORD,
  reportProfile,
  signedInUser,
  signIn,
  type TestApp,
} from './test/helpers.ts';

/**
 * Decision 073: a report page the server draws for the person whose page cookie comes with it. The
 * renderer here stands in for the web app's: it reads what the address asks for (`?read=` paths) with
 * the reads the server hands it, and writes what it got into the page.
 */
const INDEX =
  '<!doctype html><html><head><title>Portal</title></head><body><div id="root"></div></body></html>';
const PROFILE = reportProfile('gmwi2/SRR1761667_metaphlan.txt');

let dist: string;
let t: TestApp;
const seen: { url: string; signedIn: boolean }[] = [];
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  t = await createTestApp(
    {},
    {
      webDist: dist,
      renderPage: async (url, _config, signedIn?: SignedInPageReads) => {
        seen.push({ url, signedIn: signedIn !== undefined });
        if (!signedIn) return null;
        const reads = new URL(url, 'http://x').searchParams.getAll('read');
        const answers = await Promise.all(reads.map((read) => signedIn.read(read)));
        return `<pre>${JSON.stringify({ layout: signedIn.layout, answers })}</pre>`;
      },
    },
  );
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

/** The cookies a response sets, by name: value and attributes. */
function setCookies(res: { headers: Record<string, unknown> }): Map<string, string> {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? (raw as string[]) : typeof raw === 'string' ? [raw] : [];
  return new Map(list.map((line) => [line.slice(0, line.indexOf('=')), line]));
}
const cookieValue = (line: string | undefined) => line?.slice(line.indexOf('=') + 1, line.indexOf(';')) ?? '';

async function loginCookies(email: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  const cookies = setCookies(res);
  return {
    body: res.json() as { access_token: string },
    page: cookieValue(cookies.get('page_session')),
    refresh: cookieValue(cookies.get('refresh_token')),
    cookies,
  };
}

/** A page request as the browser sends it: HTML, with the page cookie when given. */
function pageAt(url: string, pageCookie?: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    url,
    headers: {
      accept: 'text/html',
      ...(pageCookie ? { cookie: `page_session=${pageCookie}` } : {}),
      ...headers,
    },
  });
}
function drawnAnswers(body: string): { layout: string; answers: unknown[] } {
  const match = /<pre>(.*)<\/pre>/s.exec(body);
  if (!match?.[1]) throw new Error('nothing drawn');
  return JSON.parse(match[1]) as { layout: string; answers: unknown[] };
}

describe('the page cookie (decision 073)', () => {
  it('comes with a sign-in: the access token, HttpOnly, SameSite=Strict, for the report pages only, for 15 minutes', async () => {
    const { email } = await signedInUser(t.app);
    const { body, cookies } = await loginCookies(email);
    const line = cookies.get('page_session') ?? '';
    expect(cookieValue(line)).toBe(body.access_token);
    expect(line).toMatch(/; Path=\/report(;|$)/);
    expect(line).toMatch(/; HttpOnly/);
    expect(line).toMatch(/; SameSite=Strict/);
    expect(line).toMatch(/; Max-Age=900(;|$)/);
  });

  it('is renewed with each refresh, and cleared by a sign-out and by a refresh that finds no session', async () => {
    const { email } = await signedInUser(t.app);
    const first = await loginCookies(email);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { refresh_token: first.refresh },
      payload: {},
    });
    expect(refreshed.statusCode).toBe(200);
    const renewed = setCookies(refreshed).get('page_session');
    expect(cookieValue(renewed)).toBe((refreshed.json() as { access_token: string }).access_token);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { refresh_token: cookieValue(setCookies(refreshed).get('refresh_token')) },
      payload: {},
    });
    expect(out.statusCode).toBe(204);
    expect(setCookies(out).get('page_session')).toMatch(/^page_session=;.*Expires=Thu, 01 Jan 1970/);
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { refresh_token: first.refresh },
      payload: {},
    });
    expect(stale.statusCode).toBe(204);
    expect(setCookies(stale).get('page_session')).toMatch(/^page_session=;/);
  });
});

describe('a page request with the page cookie (decision 073)', () => {
  it('hands the renderer reads answered as the person, and the page is never stored', async () => {
    const person = await signedInUser(t.app);
    const kit = await kitWithResults(t.app, person.email, PROFILE);
    const { page } = await loginCookies(person.email);
    const res = await pageAt(`/report/${kit.id}?read=/users/me&read=/reports`, page);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { layout, answers } = drawnAnswers(res.body);
    expect(layout).toBe('narrow');
    expect(answers[0]).toMatchObject({ id: person.id, email: person.email });
    expect(answers[1]).toEqual([
      expect.objectContaining({ kitId: kit.id, sampleIdentifier: kit.sampleIdentifier }),
    ]);
  });

  it('reads nothing of another person: their report is refused as the browser’s read would be', async () => {
    const owner = await signedInUser(t.app);
    const kit = await kitWithResults(t.app, owner.email, PROFILE);
    const other = await signedInUser(t.app);
    const { page } = await loginCookies(other.email);
    const res = await pageAt(`/report/${kit.id}?read=/reports&read=/reports/${kit.sampleIdentifier}`, page);
    expect(drawnAnswers(res.body).answers).toEqual([[], null]);
  });

  it('reads nothing once the session has ended, though the cookie is still in the browser', async () => {
    const person = await signedInUser(t.app);
    const { page, refresh } = await loginCookies(person.email);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { refresh_token: refresh },
      payload: {},
    });
    const res = await pageAt('/report/1?read=/users/me', page);
    expect(res.statusCode).toBe(200);
    expect(drawnAnswers(res.body).answers).toEqual([null]);
  });

  it('reads nothing with a forged or foreign token, and an overlong one is not even tried; never a 500', async () => {
    const person = await signedInUser(t.app);
    const { page } = await loginCookies(person.email);
    const [head, payload] = page.split('.');
    for (const forged of [
      `${head}.${payload}.AAAA`,
      'not-a-token',
      (await signIn(t.app, person.email)).refreshToken,
    ]) {
      const res = await pageAt('/report/1?read=/users/me', forged);
      expect(res.statusCode).toBe(200);
      expect(drawnAnswers(res.body).answers).toEqual([null]);
    }
    seen.length = 0;
    const long = await pageAt('/report/1?read=/users/me', 'x'.repeat(5000));
    expect(long.statusCode).toBe(200);
    expect(long.headers['cache-control']).toBe('no-cache');
    expect(seen).toEqual([{ url: '/report/1?read=/users/me', signedIn: false }]);
  });

  it('takes the layout the app last saw on this screen, else the browser’s own word: wide only when it says it is not a phone', async () => {
    const person = await signedInUser(t.app);
    const { page } = await loginCookies(person.email);
    expect(drawnAnswers((await pageAt('/report/1', page, { 'sec-ch-ua-mobile': '?0' })).body).layout).toBe(
      'wide',
    );
    expect(drawnAnswers((await pageAt('/report/1', page, { 'sec-ch-ua-mobile': '?1' })).body).layout).toBe(
      'narrow',
    );
    // The app's own word, from its last page load on this screen, comes first; anything else is ignored.
    const withLayout = (layout: string, mobile: string) =>
      t.app.inject({
        url: '/report/1',
        headers: {
          accept: 'text/html',
          cookie: `page_session=${page}; portal_layout=${layout}`,
          'sec-ch-ua-mobile': mobile,
        },
      });
    expect(drawnAnswers((await withLayout('narrow', '?0')).body).layout).toBe('narrow');
    expect(drawnAnswers((await withLayout('wide', '?1')).body).layout).toBe('wide');
    expect(drawnAnswers((await withLayout('huge', '?0')).body).layout).toBe('wide');
  });

  it('without the cookie, hands the renderer no reads, and the page may be revalidated as before', async () => {
    seen.length = 0;
    const res = await pageAt('/report/1');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(seen).toEqual([{ url: '/report/1', signedIn: false }]);
  });
});
