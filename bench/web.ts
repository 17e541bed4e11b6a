import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, devices } from 'playwright-core';
import { call, OPS_KEY, ROOT, startServer } from './server.ts';

/**
 * The web app as a visitor gets it: for each page, the JavaScript the browser actually loaded (gzip
 * size of those files from the build) and LCP, CLS and total blocking time in Debian's Chromium with
 * the CPU slowed 4× through CDP (Lighthouse's mobile profile uses the same factor). Each page is loaded
 * cold BENCH_WEB_RUNS times (default 7, after one round not counted that warms the server), each in a
 * new browser context: a single load's LCP varies by
 * a factor of two on this machine, so the median is the figure and the slowest load is shown beside it.
 *
 * The browser is a phone's: a 412 × 823 screen, touch, and a phone's user agent, so it says it is one
 * (Sec-CH-UA-Mobile: ?1) as a phone's Chromium does. The report pages are also loaded without the page
 * cookie ("browser draws"), as when the server does not draw the report (decision 073): the A/B of that
 * layer, in the same run.
 */
const DIST = path.join(ROOT, 'apps/web/dist');
const CPU_SLOWDOWN = 4;
const RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 7));
/** BENCH_WEB_PAGES='login|report, b.d.': only these pages (names as in the table, split by |), for an A/B. */
const ONLY_PAGES = process.env.BENCH_WEB_PAGES?.split('|').map((p) => p.trim());
/** BENCH_WEB_TASKS=1: print each load's long tasks after first paint (start from FCP, duration, ms). */
const PRINT_TASKS = process.env.BENCH_WEB_TASKS === '1';
/** BENCH_WEB_PROFILE=<folder>: a V8 CPU profile of each load there, to open in Chrome DevTools. */
const PROFILE_DIR = process.env.BENCH_WEB_PROFILE;
/** BENCH_WEB_TRACE=<folder>: a Chromium performance trace of each load there (DevTools' Performance panel). */
const TRACE_DIR = process.env.BENCH_WEB_TRACE;
const PASSWORD = 'BenchSecret12!';
const PROFILE = fs.readFileSync(
  path.join(ROOT, 'packages/domain/test-data/report/gmwi2/SRR1761667_metaphlan.txt'),
  'utf8',
);
const KEFIR = path.join(ROOT, 'packages/domain/test-data/report/gmwi2/kefir');
/** Twelve real MetaPhlAn 3 profiles of the kefir cohort, for a journey of twelve samples. */
const TWELVE = fs
  .readdirSync(KEFIR)
  .filter((f) => f.endsWith('_metaphlan.txt'))
  .sort()
  .slice(0, 12)
  .map((f) => fs.readFileSync(path.join(KEFIR, f), 'utf8'));

type PageFigure = {
  page: string;
  jsGzipKb: number;
  files: number;
  lcpMs: number;
  lcpWorstMs: number;
  cls: number;
  tbtMs: number;
};
type Load = Omit<PageFigure, 'page' | 'lcpWorstMs'>;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

const gzipSize = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;

/** Runs in the page: collects LCP, layout shifts and long tasks from the start of navigation. */
const OBSERVE = `
  window.__metrics = { lcp: 0, lcpElement: '', cls: 0, longTasks: [] };
  new PerformanceObserver((l) => { for (const e of l.getEntries()) { window.__metrics.lcp = e.renderTime || e.loadTime || e.startTime; window.__metrics.lcpElement = e.element ? e.element.tagName.toLowerCase() + (e.element.className ? '.' + String(e.element.className).split(' ')[0] : '') + ' "' + (e.element.textContent || '').slice(0, 30) + '"' : ''; } })
    .observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) window.__metrics.cls += e.value; })
    .observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__metrics.longTasks.push([e.startTime, e.duration]); })
    .observe({ type: 'longtask', buffered: true });
`;

export async function benchWeb() {
  if (!fs.existsSync(path.join(DIST, 'index.html'))) {
    console.log('\nbuilding the web app (apps/web/dist is missing)…');
    execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: ROOT, stdio: 'inherit' });
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-web-'));
  const server = await startServer({ DATA_DIR: dataDir, AUTH_RATE_LIMIT: '100000' });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const ops = { 'x-ops-key': OPS_KEY };
    /** A person with a complete profile. */
    const newPerson = async (tag: string) => {
      const email = `web.${tag}.${Date.now().toString(36)}@example.com`;
      await call(
        server.url,
        'POST',
        '/api/admin/users',
        { email, password: PASSWORD, firstName: 'Web', lastName: 'Bench', dob: '1990-01-01' },
        ops,
      );
      // A complete profile, or /dashboard would measure the redirect to My Profile (consumer §4).
      const { access_token } = await call<{ access_token: string }>(server.url, 'POST', '/api/auth/login', {
        email,
        password: PASSWORD,
      });
      const me = { authorization: `Bearer ${access_token}` };
      const { version } = await call<{ version: number }>(server.url, 'GET', '/api/users/me', undefined, me);
      await call(
        server.url,
        'PUT',
        '/api/users/me',
        {
          version,
          firstName: 'Web',
          lastName: 'Bench',
          dateOfBirth: '1990-01-01',
          gender: 'OTHER',
          phoneNumber: '0412 345 678',
          addressLine1: '1 George St',
          suburb: 'Brisbane City',
          state: 'QLD',
          postcode: '4000',
        },
        me,
      );
      return email;
    };
    /** Kits of the person at the lab with these profiles imported, one a month from January 2026. */
    const withReports = async (email: string, profiles: string[]) => {
      const kits = await call<{ id: number; sampleIdentifier: string }[]>(
        server.url,
        'POST',
        '/api/admin/kits',
        { count: profiles.length, ownerEmail: email },
        ops,
      );
      for (const [i, kit] of kits.entries()) {
        for (const step of [
          { kitStatus: 'REQUESTED' },
          { kitStatus: 'DISPATCHED_BY_LAB' },
          { sampleStatus: 'RECEIVED_BY_LAB' },
        ])
          await call(server.url, 'PATCH', `/api/admin/kits/${kit.id}`, step, ops);
        const date = new Date(Date.UTC(2026, i, 1)).toISOString().slice(0, 10);
        await call(
          server.url,
          'POST',
          '/api/admin/results',
          { sampleIdentifier: kit.sampleIdentifier, profile: profiles[i], displayDate: date },
          ops,
        );
      }
      return kits;
    };
    const email = await newPerson('one');
    const kits = await call<{ id: number; sampleIdentifier: string }[]>(
      server.url,
      'POST',
      '/api/admin/kits',
      { count: 3, ownerEmail: email },
      ops,
    );
    const kit = kits[0] as { id: number; sampleIdentifier: string };
    for (const step of [
      { kitStatus: 'REQUESTED' },
      { kitStatus: 'DISPATCHED_BY_LAB' },
      { sampleStatus: 'RECEIVED_BY_LAB' },
    ])
      await call(server.url, 'PATCH', `/api/admin/kits/${kit.id}`, step, ops);
    await call(
      server.url,
      'POST',
      '/api/admin/results',
      { sampleIdentifier: kit.sampleIdentifier, profile: PROFILE, displayDate: '2026-01-01' },
      ops,
    );

    // Twelve samples of a subscriber's three years: the journey's charts, table and movers on the page.
    const journeyEmail = await newPerson('journey');
    const journeyKits = await withReports(journeyEmail, TWELVE);
    const latest = journeyKits.at(-1) as { id: number };

    // [name, address, who is signed in, whether the page cookie is kept (decision 073)]
    const allPages: [string, string, string | null, boolean][] = [
      ['login', '/login', null, true],
      ['dashboard', '/dashboard', email, true],
      ['kits', '/kits', email, true],
      ['report', `/report/${kit.id}`, email, true],
      ['report, 12', `/report/${latest.id}`, journeyEmail, true],
      ['report, b.d.', `/report/${kit.id}`, email, false],
      ['report, 12, b.d.', `/report/${latest.id}`, journeyEmail, false],
      ['journey, 12', '/journey', journeyEmail, true],
    ];
    const pages = allPages.filter(([name]) => !ONLY_PAGES || ONLY_PAGES.includes(name));
    const figures: PageFigure[] = [];
    /** One cold load of the page in a new context, as a first visit (signed in through the API) sees it. */
    const load = async (url: string, signedIn: string | null, pageCookie: boolean): Promise<Load> => {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        userAgent: devices['Pixel 7']?.userAgent,
        isMobile: true,
        hasTouch: true,
      });
      if (signedIn) {
        // Signing in through the API sets the HttpOnly refresh cookie; the app restores the session from it.
        const res = await context.request.post(`${server.url}/api/auth/login`, {
          data: { email: signedIn, password: PASSWORD },
        });
        if (!res.ok()) throw new Error(`login for the web bench failed: ${res.status()}`);
        if (!pageCookie) await context.clearCookies({ name: 'page_session' });
      }
      const page = await context.newPage();
      await page.addInitScript(OBSERVE);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      const traceName = `${url.replace(/\W+/g, '_')}-${pageCookie ? 'drawn' : 'bd'}-${Date.now()}`;
      if (TRACE_DIR) {
        fs.mkdirSync(TRACE_DIR, { recursive: true });
        await browser.startTracing(page, {
          path: path.join(TRACE_DIR, `${traceName}.json`),
          categories: [
            'devtools.timeline',
            'v8.execute',
            'disabled-by-default-devtools.timeline',
            'blink.user_timing',
            'loading',
            'v8',
          ],
        });
      }
      if (PROFILE_DIR) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
      }
      const scripts = new Set<string>();
      page.on('response', (r) => {
        const u = new URL(r.url());
        if (u.pathname.endsWith('.js')) scripts.add(u.pathname);
      });
      await page.goto(`${server.url}${url}`, { waitUntil: 'networkidle' });
      // Every measured page has a heading once drawn; on a busy machine the first render can outlast
      // the network's idle time, and reading LCP before it would report the loading text.
      await page
        .locator('h1')
        .first()
        .waitFor()
        .catch((error: unknown) => {
          throw new Error(`${url} drew no heading: ${String(error)}`);
        });
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(1500);
      const m = (await page.evaluate('window.__metrics')) as {
        lcp: number;
        lcpElement: string;
        cls: number;
        longTasks: [number, number][];
      };
      const ttfb = (await page.evaluate(
        `performance.getEntriesByType('navigation')[0]?.responseStart ?? 0`,
      )) as number;
      const fcp = (await page.evaluate(
        `performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0`,
      )) as number;
      if (PROFILE_DIR) {
        const { profile } = await cdp.send('Profiler.stop');
        fs.mkdirSync(PROFILE_DIR, { recursive: true });
        fs.writeFileSync(path.join(PROFILE_DIR, `${traceName}.cpuprofile`), JSON.stringify(profile));
      }
      if (TRACE_DIR) await browser.stopTracing();
      const afterPaint = m.longTasks.filter(([start]) => start >= fcp);
      const tbt = afterPaint.reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0);
      if (PRINT_TASKS)
        console.log(
          `${url}: first byte ${ttfb.toFixed(0)} ms, FCP ${fcp.toFixed(0)}, LCP ${m.lcp.toFixed(0)} (${m.lcpElement}), CLS ${m.cls.toFixed(3)}, long tasks after it ${afterPaint.map(([s, d]) => `+${(s - fcp).toFixed(0)}:${d.toFixed(0)}`).join(' ') || 'none'}`,
        );
      const bytes = [...scripts].reduce((sum, p) => {
        const file = path.join(DIST, p);
        return sum + (fs.existsSync(file) ? gzipSize(file) : 0);
      }, 0);
      await context.close();
      return { jsGzipKb: bytes / 1024, files: scripts.size, lcpMs: m.lcp, cls: m.cls, tbtMs: tbt };
    };
    // Round by round, each page once a round, so a machine that grows busier mid-run weighs on every
    // page alike rather than on the last ones measured.
    // One round first that is not counted: the server's first answer of each kind runs code that is
    // not compiled yet (a drawn report's first byte came after 480 ms, then 25–50), which is the
    // server's start, not the page's.
    for (const [, url, signedIn, pageCookie] of pages) await load(url, signedIn, pageCookie);
    const loadsOf = pages.map((): Load[] => []);
    for (let run = 0; run < RUNS; run++)
      for (const [i, [, url, signedIn, pageCookie]] of pages.entries())
        loadsOf[i]?.push(await load(url, signedIn, pageCookie));
    for (const [i, [name]] of pages.entries()) {
      const loads = loadsOf[i] ?? [];
      const lcps = loads.map((l) => l.lcpMs);
      figures.push({
        page: name,
        jsGzipKb: Math.max(...loads.map((l) => l.jsGzipKb)),
        files: Math.max(...loads.map((l) => l.files)),
        lcpMs: median(lcps),
        lcpWorstMs: Math.max(...lcps),
        cls: Math.max(...loads.map((l) => l.cls)),
        tbtMs: median(loads.map((l) => l.tbtMs)),
      });
    }

    console.log(
      `\n## Web (Chromium ${browser.version()}, CPU slowed ${CPU_SLOWDOWN}×, 412×823 phone, loopback network)`,
    );
    console.log(`${RUNS} cold loads per page: median LCP and TBT, slowest LCP, largest CLS`);
    console.log('page          JS loaded (gzip KB)  files   LCP ms  slowest    CLS   TBT ms');
    for (const f of figures)
      console.log(
        `${f.page.padEnd(14)}${f.jsGzipKb.toFixed(1).padStart(19)}${String(f.files).padStart(7)}${f.lcpMs.toFixed(0).padStart(9)}${f.lcpWorstMs.toFixed(0).padStart(9)}${f.cls.toFixed(3).padStart(7)}${f.tbtMs.toFixed(0).padStart(9)}`,
      );
    console.log('targets: /login initial JS < 120 KB gzip; LCP < 1500 ms; CLS < 0.05');
    const lcpOf = (page: string) => figures.find((f) => f.page === page)?.lcpMs ?? Number.NaN;
    console.log(
      `report LCP ÷ /login's (issue 37: ≤ 1.3): ${(lcpOf('report') / lcpOf('login')).toFixed(2)}, 12 samples ` +
        `${(lcpOf('report, 12') / lcpOf('login')).toFixed(2)}; with the browser drawing it (b.d.) ` +
        `${(lcpOf('report, b.d.') / lcpOf('login')).toFixed(2)} and ${(lcpOf('report, 12, b.d.') / lcpOf('login')).toFixed(2)}`,
    );
    return figures;
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
