import { MAINTENANCE_TEXTS, REPORT_MESSAGES } from '@portal/domain';
import { INDEX_CAVEATS, INDEX_CITATIONS, PERCENTILE_CAVEATS } from '@portal/domain/report/readings';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_MESSAGES } from '../../../lib/messages.ts';
import { endSession } from '../../../lib/session.ts';
import { renderRoute, testConfig } from '../../../test/render.tsx';
import { JOURNEY_TEXTS } from '../journey-texts.ts';
import { METHOD_TEXTS, METRIC_LEADS, REPORT_TEXTS } from '../report-texts.ts';
import {
  makeComparison,
  makeListItem,
  makeReport,
  reportResponse,
  stubReportsApi,
} from '../reports.test-helpers.ts';

const LONG_NAME = 'Morning sample after the kefir';
const first = makeListItem(1, { name: LONG_NAME });
const second = makeListItem(2);
const third = makeListItem(3, { version: 'v4' });
const LIST = [first, second, third];

const routes = {
  'GET /reports': { status: 200, body: LIST },
  'GET /reports/MBK1': { status: 200, body: reportResponse(first) },
  'GET /reports/MBK2': { status: 200, body: reportResponse(second) },
  'GET /reports/MBK3': { status: 200, body: reportResponse(third, makeReport({ version: 'v4' })) },
  'GET /reports/compare?primary=MBK1&secondary=MBK2': { status: 200, body: makeComparison() },
  'GET /reports/compare?primary=MBK1&secondary=MBK3': {
    status: 200,
    body: { comparable: false, code: 'V12V2' },
  },
  'GET /reports/compare?primary=MBK2&secondary=MBK3': {
    status: 200,
    body: { comparable: false, code: 'V12V2' },
  },
};

const primarySelect = () => screen.getByRole('combobox', { name: REPORT_TEXTS.primaryLabel });
const secondarySelect = () => screen.getByRole('combobox', { name: REPORT_TEXTS.secondaryLabel });
/** The characters the combobox shows (screen readers get the whole name instead). */
const shownLabel = (combobox: HTMLElement) => combobox.querySelector('[aria-hidden="true"]')?.textContent;

// A report is two requests and a long page; on a busy CI machine that takes more than the default second.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  endSession(null);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Reports page', () => {
  it('says there are no reports when the list is empty, and still offers the actions', async () => {
    stubReportsApi({ 'GET /reports': { status: 200, body: [] } });
    renderRoute('/reports', { signedInAs: {} });
    expect(await screen.findByText(REPORT_TEXTS.empty)).toBeVisible();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: REPORT_TEXTS.orderKit })).toBeVisible();
    expect(screen.getByRole('button', { name: REPORT_TEXTS.activateSubscription })).toBeVisible();
  });

  it('follows the empty state with the way to the kits', async () => {
    stubReportsApi({ 'GET /reports': { status: 200, body: [] } });
    const { user, location } = renderRoute('/reports', { signedInAs: {} });
    await user.click(await screen.findByRole('link', { name: REPORT_TEXTS.emptyAction }));
    expect(location().pathname).toBe('/kits');
  });

  it.each([REPORT_TEXTS.orderKit, REPORT_TEXTS.activateSubscription])(
    'opens the order dialog from "%s"',
    async (action) => {
      stubReportsApi({ 'GET /reports': { status: 200, body: [] } });
      const { user } = renderRoute('/reports', { signedInAs: {} });
      await user.click(await screen.findByRole('button', { name: action }));
      expect(await screen.findByRole('dialog')).toBeVisible();
    },
  );

  it('asks to select a report before one is chosen', async () => {
    stubReportsApi(routes);
    renderRoute('/reports', { signedInAs: {} });
    expect(await screen.findByText(REPORT_TEXTS.notSelected)).toBeVisible();
    expect(primarySelect()).toHaveTextContent(REPORT_TEXTS.choose);
    expect(screen.queryByRole('button', { name: REPORT_TEXTS.downloadPdf })).not.toBeInTheDocument();
  });

  it('preselects the report of ?samples=, upper-cased, and shows its sections', async () => {
    const calls = stubReportsApi(routes);
    renderRoute('/report?samples=mbk2', { signedInAs: {} });
    expect(await screen.findByRole('heading', { level: 2, name: 'KIT-2, 15 February 2025' })).toBeVisible();
    expect(calls.map((call) => call.path)).toContain('/reports/MBK2');
    expect(primarySelect()).toHaveTextContent('KIT-2, 15 February 2025');
    expect(screen.queryByText(REPORT_TEXTS.notSelected)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // The sections follow the summary in a render of their own (decision 068).
    const gmwi2 = await screen.findByRole('article', { name: 'GMWI2 (Gut Microbiome Wellness Index 2)' });
    expect(within(gmwi2).getByText('-0.647')).toBeVisible();
    const shannon = screen.getByRole('article', { name: 'Shannon diversity' });
    expect(within(shannon).getByText('1.74')).toBeVisible();
    expect(within(shannon).getByText('5th percentile')).toBeVisible();
    // The sections are drawn one after another, one per paint (issue 37).
    expect(await screen.findByRole('table', { name: 'Microbes the indices count' })).toHaveTextContent(
      'Lachnoclostridium',
    );
  });

  it('shows each score’s caveats and citation, which reports do not store, from the texts of its database', async () => {
    stubReportsApi(routes);
    const { user } = renderRoute('/report?samples=MBK2', { signedInAs: {} });
    const gmhi = await screen.findByRole('article', { name: /^GMHI/ });
    // The plain reading and the not-a-diagnosis caveat show at once; the science waits behind its disclosure.
    expect(within(gmhi).getByText(INDEX_CAVEATS.gmhi(3))).toBeVisible();
    expect(within(gmhi).getByText(PERCENTILE_CAVEATS.gmhiWebtool)).not.toBeVisible();
    await user.click(within(gmhi).getByText(REPORT_TEXTS.howCalculated));
    expect(within(gmhi).getByText(PERCENTILE_CAVEATS.gmhiWebtool)).toBeVisible();
    expect(within(gmhi).getByText(INDEX_CITATIONS.gmhi)).toBeVisible();
    const gmwi2 = screen.getByRole('article', { name: 'GMWI2 (Gut Microbiome Wellness Index 2)' });
    await user.click(within(gmwi2).getByText(REPORT_TEXTS.howCalculated));
    expect(within(gmwi2).getByText(INDEX_CITATIONS.gmwi2)).toBeVisible();
    const richness = screen.getByRole('article', { name: /richness/i });
    await user.click(within(richness).getByText(REPORT_TEXTS.howCalculated));
    expect(within(richness).getByText(PERCENTILE_CAVEATS.richness)).toBeVisible();
    expect(richness.querySelector('cite')).toBeNull();
  });

  it('draws each score as a band whose text alternative gives the value and the range', async () => {
    stubReportsApi(routes);
    renderRoute('/report?samples=MBK2', { signedInAs: {} });
    const shannon = await screen.findByRole('article', { name: 'Shannon diversity' });
    expect(within(shannon).getByRole('img')).toHaveAccessibleName(
      'Shannon diversity: 1.74, the 5th percentile of healthy reference people; below the usual range, the 25th to the 75th percentile.',
    );
    // GMWI2 has no reference percentile: its band runs around zero, the healthy side above it.
    const gmwi2 = await screen.findByRole('article', { name: 'GMWI2 (Gut Microbiome Wellness Index 2)' });
    expect(within(gmwi2).getByRole('img')).toHaveAccessibleName(
      /^GMWI2 \(Gut Microbiome Wellness Index 2\): -0\.647, below zero\. The healthy range is above zero/,
    );
    expect(within(gmwi2).getByText(METRIC_LEADS.gmwi2)).toBeVisible();
  });

  it('puts the composition chart first, the table behind a disclosure, and the science last', async () => {
    stubReportsApi(routes);
    const { user } = renderRoute('/report?samples=MBK2', { signedInAs: {} });
    const composition = await screen.findByRole('region', { name: REPORT_TEXTS.compositionTitle });
    const top = within(composition).getByRole('figure', { name: REPORT_TEXTS.topSpeciesTitle(3) });
    expect(
      within(top)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Lactococcus phage jm338.2%', 'Bacteroides dorei35.2%', 'Streptococcus thermophilus26.6%']);
    expect(within(composition).getByRole('table', { hidden: true })).not.toBeVisible();
    await user.click(within(composition).getByText(REPORT_TEXTS.showTable));
    expect(within(composition).getByRole('table')).toBeVisible();

    const science = await screen.findByRole('region', { name: REPORT_TEXTS.howCalculated });
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings.indexOf(REPORT_TEXTS.howCalculated)).toBeGreaterThan(
      headings.indexOf(REPORT_TEXTS.diversityTitle),
    );
    expect(within(science).getByRole('region', { name: JOURNEY_TEXTS.whyTitle })).toBeInTheDocument();
    await user.click(within(science).getByText(METHOD_TEXTS.sourcesTitle));
    expect(within(science).getByText(INDEX_CITATIONS.gmwi2)).toBeVisible();
  });

  it('says a mistyped or unknown sample of the link was not found, and keeps the picker', async () => {
    stubReportsApi(routes);
    renderRoute('/report?samples=mbk9', { signedInAs: {} });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(REPORT_TEXTS.notFoundTitle);
    expect(alert).toHaveTextContent(REPORT_TEXTS.notFound('MBK9'));
    expect(primarySelect()).toHaveTextContent(REPORT_TEXTS.choose);
  });

  it('says the report was not found when the person has no reports at all', async () => {
    stubReportsApi({ 'GET /reports': { status: 200, body: [] } });
    renderRoute('/report?samples=MBK1', { signedInAs: {} });
    expect(await screen.findByRole('alert')).toHaveTextContent(REPORT_TEXTS.notFound('MBK1'));
    expect(screen.getByText(REPORT_TEXTS.empty)).toBeVisible();
  });

  it('preselects the report of the kit in /report/:kitId', async () => {
    stubReportsApi(routes);
    renderRoute('/report/1', { signedInAs: {} });
    expect(
      await screen.findByRole('heading', { level: 2, name: `${LONG_NAME}, 15 January 2025` }),
    ).toBeVisible();
  });

  it('leads a research participant to the Coach page to book the call (research §1), not a customer', async () => {
    stubReportsApi(routes);
    const participant = {
      gender: 'FEMALE',
      dateOfBirth: '1990-05-04',
      phoneNumber: '0400 000 000',
      addressLine1: '1 Queen St',
      suburb: 'Brisbane City',
      state: 'QLD',
      postcode: '4000',
    };
    renderRoute('/report/1', { signedInAs: participant, config: { appType: 'RESEARCH' } });
    await screen.findByRole('heading', { level: 2, name: `${LONG_NAME}, 15 January 2025` });
    expect(screen.getByRole('link', { name: 'Microbiome Coach' })).toHaveAttribute('href', '/coach');
  });

  it('has no Coach link on the customer report: Coach is in its sidebar', async () => {
    stubReportsApi(routes);
    renderRoute('/report/1', { signedInAs: {} });
    await screen.findByRole('heading', { level: 2, name: `${LONG_NAME}, 15 January 2025` });
    expect(screen.queryByText(REPORT_TEXTS.coachIntro, { exact: false })).toBeNull();
  });

  it('says when an index is not available for the sample', async () => {
    const report = makeReport();
    stubReportsApi({
      ...routes,
      'GET /reports/MBK1': {
        status: 200,
        body: reportResponse(first, {
          ...report,
          indices: { ...report.indices, gmwi2: { ...report.indices.gmwi2, value: null } },
        }),
      },
    });
    renderRoute('/report?samples=MBK1', { signedInAs: {} });
    const gmwi2 = await screen.findByRole('article', { name: 'GMWI2 (Gut Microbiome Wellness Index 2)' });
    expect(within(gmwi2).getByText(REPORT_TEXTS.notAvailable)).toBeVisible();
  });

  it('cuts the selected label at 20 characters and the option labels at 16', async () => {
    stubReportsApi(routes);
    const { user } = renderRoute('/report?samples=MBK1', { signedInAs: {} });
    await screen.findByRole('heading', { level: 2, name: `${LONG_NAME}, 15 January 2025` });
    expect(shownLabel(primarySelect())).toBe('Morning sample after…');

    await user.click(primarySelect());
    const option = screen.getByRole('option', { name: `${LONG_NAME}, 15 January 2025` });
    expect(option).toHaveAttribute('aria-selected', 'true');
    expect(option.querySelector('.sample-select-option-name')).toHaveTextContent(/^Morning sample a…$/);
  });

  it('cuts the selected label at 8 characters on a phone', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn(() => ({ matches: true, addEventListener: vi.fn(), removeEventListener: vi.fn() })),
    );
    stubReportsApi(routes);
    renderRoute('/report?samples=MBK1', { signedInAs: {} });
    await screen.findByRole('heading', { level: 2, name: `${LONG_NAME}, 15 January 2025` });
    expect(shownLabel(primarySelect())).toBe('Morning …');
  });

  it('on a phone draws the pickers and actions once the summary they follow is there, so it pushes nothing down', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn(() => ({ matches: true, addEventListener: vi.fn(), removeEventListener: vi.fn() })),
    );
    stubReportsApi(routes);
    const answer = globalThis.fetch;
    let asked = false;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
      if (String(input).endsWith('/reports/MBK1')) {
        asked = true;
        await held;
      }
      return answer(input, init);
    });
    renderRoute('/report?samples=MBK1', { signedInAs: {} });
    // The list is in (the report is asked for), the report not yet: only the loading text.
    await waitFor(() => expect(asked).toBe(true));
    expect(screen.getByText(CLIENT_MESSAGES.loading)).toBeVisible();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report actions' })).not.toBeInTheDocument();

    release();
    const heading = await screen.findByRole('heading', { level: 2, name: `${LONG_NAME}, 15 January 2025` });
    // The summary first, then the picker after it in the page.
    expect(heading.compareDocumentPosition(primarySelect()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('offers only later reports for the comparison', async () => {
    stubReportsApi(routes);
    const { user, location } = renderRoute('/reports', { signedInAs: {} });
    await user.click(await screen.findByRole('combobox', { name: REPORT_TEXTS.primaryLabel }));
    await user.click(screen.getByRole('option', { name: 'KIT-2, 15 February 2025' }));
    expect(location().search).toBe('?samples=MBK2');

    await user.click(secondarySelect());
    const listbox = screen.getByRole('listbox', { name: REPORT_TEXTS.secondaryLabel });
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([REPORT_TEXTS.noComparison, expect.stringContaining('KIT-3')]);
  });

  it('chooses with the keyboard', async () => {
    stubReportsApi(routes);
    const { user, location } = renderRoute('/reports', { signedInAs: {} });
    const combobox = await screen.findByRole('combobox', { name: REPORT_TEXTS.primaryLabel });
    combobox.focus();
    await user.keyboard('{ArrowDown}');
    expect(combobox).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
    expect(location().search).toBe('?samples=MBK2');
  });

  it('compares two reports given in the query', async () => {
    stubReportsApi(routes);
    renderRoute('/report?samples=mbk1,mbk2', { signedInAs: {} });
    const section = await screen.findByRole('region', { name: REPORT_TEXTS.comparisonTitle });
    expect(within(section).getByText('Bray–Curtis dissimilarity: 0.519')).toBeVisible();
    const changes = within(section).getByRole('table', { name: REPORT_TEXTS.changesCaption });
    expect(within(changes).getByRole('row', { name: /GMWI2/ })).toHaveTextContent('+0.694 (up)');
    expect(within(changes).getByRole('row', { name: /Species richness/ })).toHaveTextContent(
      '-46.000 (down)',
    );
    expect(within(section).getByRole('table', { name: REPORT_TEXTS.roseTitle })).toHaveTextContent(
      'Streptococcus thermophilus',
    );
    expect(secondarySelect()).toHaveTextContent('KIT-2, 15 February 2025');
  });

  it('explains incompatible versions in a dialog and clears the later report when it closes', async () => {
    stubReportsApi(routes);
    const { user, location } = renderRoute('/report?samples=MBK1&samples=MBK3', { signedInAs: {} });
    const dialog = await screen.findByRole('dialog', { name: REPORT_TEXTS.incompatibleTitle });
    expect(dialog).toHaveTextContent(
      /^.*Significant improvements have been done to our system since your last report/,
    );
    expect(dialog).toHaveTextContent('V12V2');
    expect(dialog).toHaveTextContent(testConfig.supportPhone);

    await user.click(within(dialog).getByRole('button', { name: REPORT_TEXTS.incompatibleOk }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(location().search).toBe('?samples=MBK1');
    expect(secondarySelect()).toHaveTextContent(REPORT_TEXTS.noComparison);
    expect(screen.queryByRole('region', { name: REPORT_TEXTS.comparisonTitle })).not.toBeInTheDocument();
  });

  it('shows the maintenance screen when the report service is unavailable', async () => {
    const message = REPORT_MESSAGES.unavailable;
    stubReportsApi({ 'GET /reports': { status: 503, body: { message, code: 'SERVICE_UNAVAILABLE' } } });
    renderRoute('/reports', { signedInAs: {} });
    expect(await screen.findByRole('heading', { level: 1, name: MAINTENANCE_TEXTS.title })).toBeVisible();
    expect(screen.getByText(message)).toBeVisible();
    expect(screen.queryByRole('heading', { name: REPORT_TEXTS.title })).not.toBeInTheDocument();
  });

  it('sends a refused minor to the kits page', async () => {
    stubReportsApi({
      'GET /reports': { status: 403, body: { message: 'No', code: 'REPORT_NOT_PERMITTED' } },
      'GET /kits': { status: 200, body: [] },
      'GET /kits/sent': { status: 200, body: [] },
    });
    const { location } = renderRoute('/reports', { signedInAs: {} });
    await waitFor(() => expect(location().pathname).toBe('/kits/notAllowed'));
  });

  it('downloads the PDF of the report with the bearer token', async () => {
    const calls = stubReportsApi({
      ...routes,
      'GET /reports/MBK1/pdf': { status: 200, pdf: '%PDF-1.3' },
    });
    const createObjectURL = vi.fn(() => 'blob:report');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderRoute('/report?samples=MBK1', { signedInAs: {} });
    await user.click(await screen.findByRole('button', { name: REPORT_TEXTS.downloadPdf }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const pdfCall = calls.find((call) => call.path === '/reports/MBK1/pdf');
    expect(pdfCall?.headers.Authorization).toBe('Bearer test-token');
    expect(createObjectURL).toHaveBeenCalled();
  });
});
