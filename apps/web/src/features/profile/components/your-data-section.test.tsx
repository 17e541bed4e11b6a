import { DATA_RIGHTS_TEXTS } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { completeProfile, renderRoute } from '../../../test/render.tsx';

const T = DATA_RIGHTS_TEXTS;
const ID = '0b9c6a58-4c55-4f57-9b1f-0a2b3c4d5e6f';
const QUEUED = {
  id: ID,
  state: 'QUEUED',
  createdAt: '2026-11-25T08:00:00.000Z',
  readyAt: null,
  expiresAt: null,
  size: null,
};
const READY = {
  ...QUEUED,
  state: 'READY',
  readyAt: '2026-11-25T08:00:02.000Z',
  expiresAt: '2026-12-02T08:00:02.000Z',
  size: 54321,
};

type Call = { method: string; url: string; headers: Headers };
let calls: Call[];
let exportsNow: unknown[];

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(() => {
  calls = [];
  exportsNow = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:zip', revokeObjectURL: () => {} }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, url, headers: new Headers(init?.headers) });
      const key = `${method} ${url.split('?')[0]}`;
      if (key === 'GET /api/me/exports') return json(200, { exports: exportsNow });
      if (key === 'POST /api/me/exports') {
        // The job is quick: the next look finds it ready.
        exportsNow = [READY];
        return json(202, QUEUED);
      }
      if (key === `GET /api/me/exports/${ID}/download`)
        return new Response(new Blob(['PK']), {
          status: 200,
          headers: { 'Content-Type': 'application/zip' },
        });
      if (key === 'GET /api/users/me/support-views') return json(200, { views: [], more: false });
      if (key === 'GET /api/consent-flow/3') return json(200, { id: 3, name: 'Data usage', consents: [] });
      return json(404, { message: 'Not found', code: 'NOT_FOUND' });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Your data (My Profile)', () => {
  it('asks for the export, shows it ready, and downloads the ZIP signed in', async () => {
    const { user } = renderRoute('/profile', { signedInAs: { ...completeProfile, agreeToDataUsage: true } });
    const section = within(await screen.findByRole('region', { name: T.sectionTitle }));
    expect(section.getByText(T.sectionIntro)).toBeInTheDocument();
    await user.click(section.getByRole('button', { name: T.request }));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/me/exports']);

    await waitFor(() => expect(section.getByText(/Your data is ready/)).toBeInTheDocument());
    await user.click(section.getByRole('button', { name: T.download }));
    await waitFor(() => expect(calls.some((c) => c.url === `/api/me/exports/${ID}/download`)).toBe(true));
    const download = calls.find((c) => c.url === `/api/me/exports/${ID}/download`);
    expect(download?.headers.get('Authorization')).toBe('Bearer test-token');
  });

  it('shows an export being prepared and does not offer a second request meanwhile', async () => {
    exportsNow = [QUEUED];
    renderRoute('/profile', { signedInAs: { ...completeProfile, agreeToDataUsage: true } });
    const section = within(await screen.findByRole('region', { name: T.sectionTitle }));
    expect(await section.findByText(T.queued)).toBeInTheDocument();
    expect(section.getByRole('button', { name: T.request })).toBeDisabled();
  });

  it('says when the last export has expired', async () => {
    exportsNow = [{ ...READY, state: 'EXPIRED', size: null }];
    renderRoute('/profile', { signedInAs: { ...completeProfile, agreeToDataUsage: true } });
    const section = within(await screen.findByRole('region', { name: T.sectionTitle }));
    expect(await section.findByText(T.expired)).toBeInTheDocument();
    expect(section.getByRole('button', { name: T.request })).toBeEnabled();
  });
});
