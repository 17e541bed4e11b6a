import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ReportListItem } from '@portal/domain';
import type { BuildReport, Journey, ReportComparison } from '@portal/domain/report';
import { reportTaxa, uncoveredText } from '@portal/domain/report/text-coverage';
import { configure, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endSession } from '../../lib/session.ts';
import { renderRoute } from '../../test/render.tsx';
import { JOURNEY_TEXTS } from './journey-texts.ts';
import { EVIDENCE_TEXTS, REPORT_TEXTS } from './report-texts.ts';
import { makeListItem, reportResponse, stubReportsApi } from './reports.test-helpers.ts';

/*
 * Issue 37 item 2, on the page as a person reads it: the report page (findings, cards, composition, the
 * microbes behind the scores, how it is calculated, the protocol), a comparison, the journey and the
 * "How we grade evidence" page, drawn from real profiles. Every text in <main> must be a registry
 * statement, a plain text listed on purpose (packages/domain/src/report/plain-texts.ts), or the person's
 * data (names, dates, taxa). A new sentence anywhere on these pages fails here until it is classified.
 */

const data = join(import.meta.dirname, '../../../../../packages/domain/test-data/report');
const domain = pathToFileURL(join(import.meta.dirname, '../../../../../packages/domain/src/report/index.ts'));

type Person = {
  reports: BuildReport[];
  journey: Journey;
  comparison: ({ comparable: true } & ReportComparison) | { comparable: false; code: string } | null;
};

/**
 * One person's reports built from real profiles, their journey and the comparison of the first two, as
 * the API would store and answer them. Built by Node itself: the domain reads its reference data with
 * node:fs beside its own files, which jsdom's module loader does not place.
 */
function personOf(paths: readonly string[]): Person {
  const script = `
    import fs from 'node:fs';
    import { buildJourney, buildReport, compareReports, parseMetaphlanProfile, reportValues } from ${JSON.stringify(domain.href)};
    const reports = ${JSON.stringify(paths.map((path) => join(data, path)))}.map((file) =>
      buildReport(parseMetaphlanProfile(fs.readFileSync(file, 'utf8'))));
    const journey = buildJourney(reports.map((report, i) => ({
      sampleIdentifier: 'MBK' + (i + 1), name: 'Kit ' + (i + 1), displayDate: '2026-0' + (i + 1) + '-15',
      database: report.database, values: reportValues(report), species: report.composition.species,
      notes: i === 1 ? ['Antibiotics in the last 3 months'] : [],
    })));
    const comparison = reports.length > 1 ? compareReports(reports[0], reports[1]) : null;
    process.stdout.write(JSON.stringify({ reports, journey, comparison }));`;
  const out = execFileSync(
    process.execPath,
    ['--experimental-strip-types', '--input-type=module', '-e', script],
    {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    },
  );
  return JSON.parse(out) as Person;
}

configure({ asyncUtilTimeout: 5000 });
beforeEach(() => endSession(null));
afterEach(() => vi.unstubAllGlobals());

/**
 * What a reader sees or hears in <main>: its text, with a space wherever two elements' texts would run
 * two words together ("Lower" "Usual range"); each definition's tooltip on its own, not inside the
 * sentence whose term it defines; then the names a screen reader reads out (aria-label, alt).
 */
function mainText(): string {
  const main = document.querySelector('main');
  if (!main) throw new Error('no <main>');
  const copy = main.cloneNode(true) as HTMLElement;
  // The site's banners (the operators' alert, the unsupported-browser notice: jsdom is no browser) are
  // the portal's, on every page, not the report's.
  for (const banner of copy.querySelectorAll('.banner')) banner.remove();
  const tips = [...copy.querySelectorAll('[role="tooltip"]')].map((tip) => {
    tip.remove();
    return tip.textContent ?? '';
  });
  const names = [...copy.querySelectorAll('[aria-label], [alt]')].map(
    (element) => element.getAttribute('aria-label') ?? element.getAttribute('alt') ?? '',
  );
  const walker = document.createTreeWalker(copy, NodeFilter.SHOW_TEXT);
  let text = '';
  let last: Node | null = null;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const piece = node.textContent ?? '';
    const glued = /[\p{L}\p{N}%)]$/u.test(text) && /^[\p{L}\p{N}(]/u.test(piece);
    text += glued && node.parentNode !== last?.parentNode ? ` ${piece}` : piece;
    last = node;
  }
  return [text, ...tips, ...names].join('\n');
}

/** One person's reports, as the API answers them: the list, each report, the comparison and the journey. */
function stubPerson(paths: readonly string[], gpFirst = false) {
  const { reports, journey, comparison } = personOf(paths);
  if (gpFirst && reports[0]) reports[0].summary = { ...reports[0].summary, gpFirst: true };
  const items: ReportListItem[] = reports.map((_, i) =>
    makeListItem(i + 1, { name: `Kit ${i + 1}`, displayDate: `2026-0${i + 1}-15` }),
  );
  const routes: Record<string, { status: number; body: unknown }> = {
    'GET /reports': { status: 200, body: items },
    'GET /reports/journey': { status: 200, body: journey },
  };
  items.forEach((item, i) => {
    routes[`GET /reports/${item.sampleIdentifier}`] = {
      status: 200,
      body: reportResponse(item, reports[i]),
    };
  });
  if (comparison)
    routes['GET /reports/compare?primary=MBK1&secondary=MBK2'] = { status: 200, body: comparison };
  stubReportsApi(routes);
  const people = items.flatMap((item) => [item.name, item.sampleIdentifier]);
  const databases = reports.flatMap((report) => [report.database ?? '', report.protocol?.database ?? '']);
  return { data: [...people, ...databases, ...reports.flatMap(reportTaxa)], reports };
}

const PEOPLE = {
  // One person's three kefir samples: findings with a change, a comparison and a journey.
  'a kefir drinker, three samples (MetaPhlAn 3)': [
    'gmwi2/kefir/Subj030_time1_S18_metaphlan.txt',
    'gmwi2/kefir/Subj030_time2_S19_metaphlan.txt',
    'gmwi2/kefir/Subj030_time3_S20_metaphlan.txt',
  ],
  'the GMWI2 example, one sample': ['gmwi2/SRR1761667_metaphlan.txt'],
  'a MetaPhlAn 4 sample and a MetaPhlAn 2 sample (no GMWI2, a break in the journey)': [
    'edge/metaphlan4-sgb.txt',
    'edge/metaphlan2.txt',
  ],
  'two unusual kefir samples': [
    'gmwi2/kefir/Subj017_time1_ReExtract_S44_metaphlan.txt',
    'gmwi2/unscored/Subj053_time2_S40_metaphlan.txt',
  ],
} as const;

describe('every text of the report page is in the registry or listed as plain (issue 37)', () => {
  it.each(Object.entries(PEOPLE))('%s', async (_, paths) => {
    const { data: known } = stubPerson(paths, paths.length === 1);
    const query = paths.length > 1 ? '?samples=MBK1&samples=MBK2' : '?samples=MBK1';
    renderRoute(`/report${query}`, { signedInAs: {} });
    await screen.findByRole('heading', { level: 2, name: REPORT_TEXTS.diversityTitle });
    if (paths.length > 1) {
      await screen.findByRole('heading', { level: 2, name: JOURNEY_TEXTS.title });
      await screen.findByRole('heading', { level: 3, name: JOURNEY_TEXTS.whyTitle });
    }
    expect(uncoveredText(mainText(), known)).toEqual([]);
  });

  it('the empty list, and the list before a report is chosen', async () => {
    stubReportsApi({ 'GET /reports': { status: 200, body: [] } });
    const empty = renderRoute('/reports', { signedInAs: {} });
    await screen.findByText(REPORT_TEXTS.empty);
    expect(uncoveredText(mainText())).toEqual([]);
    empty.unmount();
    const { data: known } = stubPerson(PEOPLE['the GMWI2 example, one sample']);
    renderRoute('/reports', { signedInAs: {} });
    await screen.findByText(REPORT_TEXTS.notSelected);
    expect(uncoveredText(mainText(), known)).toEqual([]);
  });

  it('"How we grade evidence": the scale and every statement with its sources', async () => {
    renderRoute('/evidence', { signedInAs: {} });
    await screen.findByRole('heading', { level: 1, name: EVIDENCE_TEXTS.title });
    expect(uncoveredText(mainText())).toEqual([]);
  });

  it('would fail on a sentence that is in neither list', async () => {
    stubPerson(PEOPLE['the GMWI2 example, one sample']);
    renderRoute('/report?samples=MBK1', { signedInAs: {} });
    await screen.findByRole('heading', { level: 2, name: REPORT_TEXTS.diversityTitle });
    const main = document.querySelector('main');
    const added = document.createElement('p');
    added.textContent = 'Your gut is in great shape.';
    main?.append(added);
    expect(uncoveredText(mainText()).join(' ')).toContain('Your gut is in great shape.');
  });
});
