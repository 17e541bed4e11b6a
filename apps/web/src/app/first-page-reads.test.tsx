import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KITS_TEXTS } from '../components/kits/kit-texts.ts';
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

  it('are not asked for on the research portal, whose pages read other things', () => {
    const calls = stubReads();
    requestFirstPageReads('/kits', 'RESEARCH');
    expect(calls).toEqual([]);
  });
});
