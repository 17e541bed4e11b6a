import { CLOSURE_TEXTS } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSessionSnapshot } from '../../../lib/session.ts';
import { completeProfile, renderRoute } from '../../../test/render.tsx';

const T = CLOSURE_TEXTS;
const RECEIVED = {
  id: '5d7c2f4e-3a1b-4c8d-9e0f-112233445566',
  scope: 'EVERYTHING',
  state: 'RECEIVED',
  receivedAt: '2026-11-25T08:00:00.000Z',
  processedAt: null,
};
const PROCESSED = { ...RECEIVED, state: 'PROCESSED', processedAt: '2026-11-25T08:00:03.000Z' };

type Call = { method: string; url: string; headers: Headers; body: unknown };
let calls: Call[];
let closureNow: unknown;

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(() => {
  calls = [];
  closureNow = RECEIVED;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, headers: new Headers(init?.headers), body });
      const key = `${method} ${url.split('?')[0]}`;
      if (key === 'POST /api/me/closure') {
        if (body.password !== 'right-password')
          return json(403, {
            message: T.wrongPassword,
            code: 'FORBIDDEN',
            fields: { password: T.wrongPassword },
          });
        return json(202, RECEIVED);
      }
      if (key === 'GET /api/me/closure') {
        const now = closureNow;
        closureNow = PROCESSED;
        return json(200, { closure: now });
      }
      if (key === 'POST /api/auth/logout') return new Response(null, { status: 204 });
      if (key === 'GET /api/me/exports') return json(200, { exports: [] });
      if (key === 'GET /api/users/me/support-views') return json(200, { views: [], more: false });
      return json(404, { message: 'Not found', code: 'NOT_FOUND' });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openForm() {
  const rendered = renderRoute('/profile', { signedInAs: { ...completeProfile } });
  const part = within(await screen.findByRole('region', { name: T.sectionTitle }));
  return { ...rendered, part };
}

describe('Close my account (My Profile, Your data)', () => {
  it('says what is deleted and what is kept and why before anything can be asked', async () => {
    const { part } = await openForm();
    for (const line of T.deleted) expect(part.getByText(line)).toBeInTheDocument();
    for (const kept of T.kept) expect(part.getByText(kept.why, { exact: false })).toBeInTheDocument();
    expect(part.queryByLabelText(T.password)).toBeNull();
    expect(part.getByRole('button', { name: T.open })).toHaveAttribute('aria-expanded', 'false');
  });

  it('asks for a scope and the password, and shows a wrong password next to its field', async () => {
    const { part, user } = await openForm();
    await user.click(part.getByRole('button', { name: T.open }));
    // Opened, the form takes the focus (issue 33 item 24).
    expect(part.getByLabelText(T.scopes.RESEARCH.label)).toHaveFocus();
    await user.click(part.getByRole('button', { name: T.submit }));
    expect(await part.findByText(T.scopeRequired)).toBeInTheDocument();
    expect(part.getByText(T.passwordRequired)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.click(part.getByLabelText(T.scopes.EVERYTHING.label));
    await user.type(part.getByLabelText(T.password), 'wrong-password');
    await user.click(part.getByRole('button', { name: T.submit }));
    expect(await part.findByText(T.wrongPassword)).toBeInTheDocument();
    expect(part.getByLabelText(T.password)).toHaveAttribute('aria-invalid', 'true');
    expect(getSessionSnapshot().status).toBe('signedIn');
  });

  it('signs out and follows the request to processed on /account-closed', async () => {
    const { part, user } = await openForm();
    await user.click(part.getByRole('button', { name: T.open }));
    await user.click(part.getByLabelText(T.scopes.RESEARCH.label));
    await user.type(part.getByLabelText(T.password), 'right-password');
    await user.click(part.getByRole('button', { name: T.submit }));

    expect(await screen.findByRole('heading', { name: T.pageTitleClosed }, { timeout: 5000 })).toBeVisible();
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/me/closure')?.body).toEqual({
      scope: 'RESEARCH',
      password: 'right-password',
    });
    expect(getSessionSnapshot()).toMatchObject({ status: 'signedOut', userId: null });
    // The closing session's token reads the request's state after the sign-out.
    const follow = calls.filter((c) => c.method === 'GET' && c.url === '/api/me/closure');
    expect(follow.at(-1)?.headers.get('Authorization')).toBe('Bearer test-token');
    const timeline = screen.getByRole('list', { name: T.timelineLabel });
    expect(within(timeline).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText(T.closedDone)).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.url === '/api/auth/logout')).toBe(true));
  });
});
