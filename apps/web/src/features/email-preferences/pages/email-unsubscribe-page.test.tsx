import { EMAIL_PREFERENCES_TEXTS } from '@portal/domain';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test/render.tsx';

const T = EMAIL_PREFERENCES_TEXTS;
type Call = { method: string; url: string; body: unknown };
let calls: Call[];
let info: { status: number; body: unknown };

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(() => {
  calls = [];
  info = { status: 200, body: { category: 'KIT_PROGRESS', subscribed: true } };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (method === 'GET' && url.startsWith('/api/email-preferences/unsubscribe?'))
        return json(info.status, info.body);
      if (method === 'POST' && url === '/api/email-preferences/unsubscribe')
        return json(200, {
          category: 'KIT_PROGRESS',
          subscribed: false,
          message: T.pageDone('Kit progress'),
        });
      return json(404, { message: 'Not found', code: 'NOT_FOUND' });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the unsubscribe page of an email', () => {
  it('asks before it changes anything, then unsubscribes with the link token', async () => {
    const { user } = renderRoute('/email-unsubscribe?token=abc.def.ghi');
    expect(await screen.findByText(T.pageQuestion('Kit progress'))).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
    await user.click(screen.getByRole('button', { name: T.pageButton }));
    expect(await screen.findByText(T.pageDone('Kit progress'))).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/email-preferences/unsubscribe', body: { token: 'abc.def.ghi' } },
    ]);
  });

  it('says when the category is already off', async () => {
    info = { status: 200, body: { category: 'OFFERS', subscribed: false } };
    renderRoute('/email-unsubscribe?token=abc.def.ghi');
    expect(await screen.findByText(T.pageAlready('Offers'))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.pageButton })).not.toBeInTheDocument();
  });

  it("shows the server's words for a bad or expired link, and the missing link without asking", async () => {
    info = { status: 400, body: { message: T.invalidLink, code: 'VALIDATION_FAILED' } };
    renderRoute('/email-unsubscribe?token=forged');
    expect(await screen.findByRole('alert')).toHaveTextContent(T.invalidLink);
    expect(screen.queryByRole('button', { name: T.pageButton })).not.toBeInTheDocument();
  });

  it('needs the link', () => {
    renderRoute('/email-unsubscribe');
    expect(screen.getByRole('alert')).toHaveTextContent(T.missingToken);
    expect(calls).toEqual([]);
  });
});
