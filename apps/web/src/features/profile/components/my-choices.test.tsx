import { EMAIL_PREFERENCES_TEXTS, MY_CONSENTS_TEXTS } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUPPORT_TEXTS } from '../../../components/support/support-texts.ts';
import { completeProfile, renderRoute } from '../../../test/render.tsx';

type Call = { method: string; url: string; body: unknown };
let calls: Call[];
let consentsNow: unknown;

const AGREED = {
  answer: 'AGREED',
  version: '1.0',
  at: '2026-03-01T01:00:00.000Z',
  actor: 'SELF',
  page: 'PROFILE',
};
const WITHDRAWN = {
  answer: 'WITHDRAWN',
  version: '1.0',
  at: '2026-04-01T02:00:00.000Z',
  actor: 'SELF',
  page: null,
};
const consent = (history: unknown[], withdrawable: boolean) => ({
  consentId: 1,
  title: 'Future Insight Program',
  currentVersion: '1.0',
  latest: history[0],
  withdrawable,
  history,
  document: 'CONSENT',
  versions: [{ version: '1.0', effectiveDate: null, summary: '', change: 'INITIAL', publishedAt: null }],
  reconsentDue: false,
});
const PREFERENCES = {
  preferences: [
    { category: 'KIT_PROGRESS', subscribed: true, updatedAt: null },
    { category: 'QUESTIONNAIRE_REMINDERS', subscribed: true, updatedAt: null },
    { category: 'RESEARCH_NEWS', subscribed: true, updatedAt: null },
    { category: 'OFFERS', subscribed: false, updatedAt: null },
  ],
};

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(() => {
  calls = [];
  consentsNow = { consents: [consent([AGREED], true)], researchUse: 'ACTIVE' };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const key = `${method} ${url.split('?')[0]}`;
      if (key === 'GET /api/me/consents') return json(200, consentsNow);
      if (key === 'POST /api/me/consents/1/withdrawal') {
        const withdrawn = consent([WITHDRAWN, AGREED], false);
        consentsNow = { consents: [withdrawn], researchUse: 'OFF' };
        return json(201, withdrawn);
      }
      if (key === 'GET /api/me/email-preferences') return json(200, PREFERENCES);
      if (key === 'PUT /api/me/email-preferences')
        return json(200, {
          preferences: PREFERENCES.preferences.map((p) => ({
            ...p,
            subscribed: (init?.body ? JSON.parse(String(init.body)) : {})[p.category] ?? p.subscribed,
          })),
        });
      if (key === 'GET /api/me/exports') return json(200, { exports: [] });
      if (key === 'GET /api/users/me/support-views') return json(200, { views: [], more: false });
      if (key === 'GET /api/consent-flow/3') return json(200, { id: 3, name: 'Data usage', consents: [] });
      return json(404, { message: 'Not found', code: 'NOT_FOUND' });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const openProfile = () =>
  renderRoute('/profile', { signedInAs: { ...completeProfile, agreeToDataUsage: true } });

describe('Your consents (My Profile)', () => {
  it('lists each answer with its version and time, and withdraws consent after asking', async () => {
    const { user } = openProfile();
    const section = within(await screen.findByRole('region', { name: MY_CONSENTS_TEXTS.title }));
    const table = await section.findByRole('table', { name: 'Your answers to Future Insight Program' });
    expect(within(table).getByRole('cell', { name: 'Agreed' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Read version 1.0' })).toBeInTheDocument();
    // Who answered, and through which page (issue 36's ledger).
    expect(within(table).getByRole('cell', { name: 'You' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'My Profile' })).toBeInTheDocument();
    expect(within(table).getByText(/1 March 2026/)).toBeInTheDocument();

    await user.click(section.getByRole('button', { name: MY_CONSENTS_TEXTS.withdraw }));
    const dialog = screen.getByRole('dialog', {
      name: MY_CONSENTS_TEXTS.confirmTitle('Future Insight Program'),
    });
    // Keeping it changes nothing.
    await user.click(within(dialog).getByRole('button', { name: MY_CONSENTS_TEXTS.cancel }));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.click(section.getByRole('button', { name: MY_CONSENTS_TEXTS.withdraw }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: MY_CONSENTS_TEXTS.confirm }),
    );
    expect(
      await section.findByText(MY_CONSENTS_TEXTS.withdrawn('Future Insight Program')),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      '/api/me/consents/1/withdrawal',
    ]);
    await waitFor(() =>
      expect(section.queryByRole('button', { name: MY_CONSENTS_TEXTS.withdraw })).not.toBeInTheDocument(),
    );
    expect(within(section.getByRole('table')).getByRole('cell', { name: 'Withdrawn' })).toBeInTheDocument();
    // The profile's own consent question is fetched again, since the answer changed on the server.
    await waitFor(() =>
      expect(calls.filter((c) => c.url.startsWith('/api/consent-flow/3')).length).toBeGreaterThan(1),
    );
  });

  it('says so when no consent was answered', async () => {
    consentsNow = { consents: [], researchUse: 'OFF' };
    openProfile();
    const section = within(await screen.findByRole('region', { name: MY_CONSENTS_TEXTS.title }));
    expect(await section.findByText(MY_CONSENTS_TEXTS.empty)).toBeInTheDocument();
  });
});

describe('Emails we send you (My Profile)', () => {
  it('shows each category on or off, and saves the choices', async () => {
    const { user } = openProfile();
    const section = within(await screen.findByRole('region', { name: EMAIL_PREFERENCES_TEXTS.title }));
    const progress = await section.findByRole('checkbox', { name: 'Kit progress' });
    expect(progress).toBeChecked();
    expect(progress).toHaveAccessibleDescription(/When your kit is on its way/);
    expect(section.getByRole('checkbox', { name: 'Offers' })).not.toBeChecked();
    await user.click(progress);
    await user.click(section.getByRole('checkbox', { name: 'Offers' }));
    await user.click(section.getByRole('button', { name: EMAIL_PREFERENCES_TEXTS.save }));
    expect(await section.findByText(EMAIL_PREFERENCES_TEXTS.saved)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        url: '/api/me/email-preferences',
        body: { KIT_PROGRESS: false, QUESTIONNAIRE_REMINDERS: true, RESEARCH_NEWS: true, OFFERS: true },
      },
    ]);
    expect(section.getByRole('checkbox', { name: 'Kit progress' })).not.toBeChecked();
  });
});

describe('Who viewed my data', () => {
  it('is a part of the Your data section', async () => {
    openProfile();
    const yourData = within(await screen.findByRole('region', { name: 'Your data' }));
    expect(
      await yourData.findByRole('heading', { level: 3, name: SUPPORT_TEXTS.whoViewedTitle }),
    ).toBeInTheDocument();
    expect(await yourData.findByText(SUPPORT_TEXTS.whoViewedEmpty)).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { name: SUPPORT_TEXTS.whoViewedTitle })).toHaveLength(1);
  });
});
