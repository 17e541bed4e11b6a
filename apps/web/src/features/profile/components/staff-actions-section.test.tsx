import { DATA_RIGHTS_TEXTS, MY_AUDIT_TEXTS as T } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { completeProfile, renderRoute } from '../../../test/render.tsx';

type Entry = { at: string; who: string; what: string };
const NEWER: Entry = {
  at: '2026-11-25T09:30:00.000Z',
  who: 'Sue Support',
  what: 'Sent you a link to reset your password',
};
const OLDER: Entry = {
  at: '2026-11-24T08:00:00.000Z',
  who: 'Our lab',
  what: 'Started an export of your data, as you asked',
};

let audit: (after: string | null) => Response;
let auditCalls: string[];

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(() => {
  auditCalls = [];
  audit = () => json(200, { entries: [], next: null });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = String(input);
      const [path = '', query = ''] = url.split('?');
      const key = `${init?.method ?? 'GET'} ${path}`;
      if (key === 'GET /api/me/audit') {
        auditCalls.push(url);
        return audit(new URLSearchParams(query).get('after'));
      }
      if (key === 'GET /api/me/exports') return json(200, { exports: [] });
      if (key === 'GET /api/users/me/support-views') return json(200, { views: [], more: false });
      return json(404, { message: 'Not found', code: 'NOT_FOUND' });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function section() {
  const { user } = renderRoute('/profile', { signedInAs: { ...completeProfile, agreeToDataUsage: true } });
  const yourData = within(await screen.findByRole('region', { name: DATA_RIGHTS_TEXTS.sectionTitle }));
  return { user, part: within(yourData.getByRole('region', { name: T.title })) };
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('What our staff did on your account (My Profile, Your data)', () => {
  it('lists when, who and what, newest first, and shows the next page on "Show more"', async () => {
    audit = (after) =>
      after === 'page-2'
        ? json(200, { entries: [OLDER], next: null })
        : json(200, { entries: [NEWER], next: 'page-2' });
    const { user, part } = await section();
    await waitFor(() => expect(part.getByRole('table', { name: T.title })).toBeInTheDocument());
    expect(part.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([T.when, T.who, T.what]);
    expect(rowsOf(part.getByRole('table'))).toEqual([[expect.any(String), NEWER.who, NEWER.what]]);
    expect(part.getByText(/25/, { selector: 'time' })).toHaveAttribute('datetime', NEWER.at);

    await user.click(await part.findByRole('button', { name: T.more }));
    await waitFor(() => expect(rowsOf(part.getByRole('table'))).toHaveLength(2));
    expect(rowsOf(part.getByRole('table')).map((row) => row[2])).toEqual([NEWER.what, OLDER.what]);
    expect(auditCalls).toEqual(['/api/me/audit', '/api/me/audit?after=page-2']);
    // The last page: nothing more to show.
    expect(part.queryByRole('button', { name: T.more })).not.toBeInTheDocument();
  });

  it('says so when staff did nothing on the account', async () => {
    const { part } = await section();
    expect(await part.findByText(T.empty)).toBeInTheDocument();
    expect(part.queryByRole('table')).not.toBeInTheDocument();
    expect(part.queryByRole('button', { name: T.more })).not.toBeInTheDocument();
  });

  it('shows an error when the list cannot be loaded', async () => {
    audit = () => json(403, { message: 'Forbidden', code: 'FORBIDDEN' });
    const { part } = await section();
    expect(await part.findByRole('alert')).toHaveTextContent(T.failed);
    expect(part.queryByText(T.empty)).not.toBeInTheDocument();
  });
});
