import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KITS_TEXTS } from '../components/kits/kit-texts.ts';
import { makeListItem, reportResponse } from '../features/reports/reports.test-helpers.ts';
import { FIRST_PAGE_READS, requestFirstPageReads } from '../lib/first-page-reads.ts';
import { makeKit, stubApi } from '../test/kits.tsx';
import { completeProfile, renderRoute } from '../test/render.tsx';

// Two kits: a lone kit's card opens, and reads its timeline.
const KITS = [makeKit({ id: 1, name: 'Spare kit' }), makeKit({ id: 2, name: 'Second kit' })];

/** The API as the first pages read it, counting the GETs. */
function stubReads() {
  return stubApi({
    'GET /kits': { status: 200, body: KITS },
    'GET /kits/sent': { status: 200, body: [] },
    'GET /reports': { status: 200, body: [] },
  });
}

/** The page's GETs; the header's bell reads its own count on every page (issue 35) and is not one. */
const gets = (calls: { method: string; path: string }[]) =>
  calls
    .filter((call) => call.method === 'GET' && call.path !== '/me/notifications/unread')
    .map((call) => call.path);

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('the reads main.tsx asks for before the first page draws', () => {
  it.each(Object.entries(FIRST_PAGE_READS))('are among what %s reads as it draws', async (route, reads) => {
    const calls = stubReads();
    renderRoute(route.replace(':kitId', '1'), { signedInAs: completeProfile });
    await waitFor(() => expect(gets(calls)).toEqual(expect.arrayContaining([...reads])));
  });

  it('answer the page once, without asking the server again', async () => {
    window.history.replaceState(null, '', '/kits');
    const calls = stubReads();
    requestFirstPageReads('/kits', 'CUSTOMER');
    renderRoute('/kits', { signedInAs: completeProfile });
    expect(await screen.findByRole('heading', { level: 2, name: 'Spare kit' })).toBeVisible();
    // Both reads answered the page (the given kits' tab says it has none): nothing else was asked.
    await screen.findByText(KITS_TEXTS.noGivenKits);
    // The sign-in gates ask nothing of their own: GET /users/me says whether anything awaits (issue 36).
    expect(gets(calls).sort()).toEqual(['/kits', '/kits/sent']);
  });

  it('are dropped once the app has left the address it opened with', async () => {
    window.history.replaceState(null, '', '/kits');
    const calls = stubReads();
    requestFirstPageReads('/kits', 'CUSTOMER');
    window.history.replaceState(null, '', '/dashboard');
    renderRoute('/dashboard', { signedInAs: completeProfile });
    await screen.findAllByText('Spare kit');
    // The early /kits and /kits/sent, then the dashboard's own /kits.
    expect(gets(calls).sort()).toEqual(['/kits', '/kits', '/kits/sent']);
  });

  it('are asked for by route: a report by its kit reads the list, a page not listed nothing', () => {
    const calls = stubReads();
    requestFirstPageReads('/report/7', 'CUSTOMER');
    requestFirstPageReads('/profile', 'CUSTOMER');
    requestFirstPageReads('/report/7/extra', 'CUSTOMER');
    return waitFor(() => expect(gets(calls)).toEqual(['/reports']));
  });

  it('read the report of /report/:kitId as soon as the list names its sample, and answer the page with it', async () => {
    window.history.replaceState(null, '', '/report/2');
    const calls = stubApi({
      'GET /reports': { status: 200, body: [makeListItem(1), makeListItem(2)] },
      'GET /reports/MBK2': { status: 200, body: reportResponse(makeListItem(2)) },
    });
    requestFirstPageReads('/report/2', 'CUSTOMER');
    // Before the page draws: the list, then the report of kit 2 that it names.
    await waitFor(() => expect(gets(calls)).toEqual(['/reports', '/reports/MBK2']));
    renderRoute('/report/2', { signedInAs: completeProfile });
    expect(await screen.findByRole('heading', { level: 2, name: 'KIT-2, 15 February 2025' })).toBeVisible();
    // The page took both early reads and asked for neither again (its journey is a read of its own).
    expect(gets(calls).filter((path) => path !== '/reports/journey')).toEqual(['/reports', '/reports/MBK2']);
  });

  it('do not read the report of /report/:kitId once the app has left that address', async () => {
    window.history.replaceState(null, '', '/report/2');
    let answerList = () => {};
    const calls = stubApi({
      'GET /reports': () =>
        new Promise((resolve) => {
          answerList = () => resolve({ status: 200, body: [makeListItem(2)] });
        }),
      'GET /reports/MBK2': { status: 200, body: reportResponse(makeListItem(2)) },
    });
    requestFirstPageReads('/report/2', 'CUSTOMER');
    await waitFor(() => expect(gets(calls)).toEqual(['/reports']));
    window.history.replaceState(null, '', '/dashboard');
    answerList();
    // Nothing draws here to take or drop the reads: only the address tells the list's answer to stop.
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setTimeout(resolve, 0));
    expect(gets(calls)).not.toContain('/reports/MBK2');
  });

  it('are not asked for on the research portal, whose pages read other things', () => {
    const calls = stubReads();
    requestFirstPageReads('/kits', 'RESEARCH');
    expect(calls).toEqual([]);
  });
});
