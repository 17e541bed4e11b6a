import { RECRUITMENT_MESSAGES } from '@portal/domain';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test/render.tsx';
import { type Routes, replyError, stubRecruitmentApi } from '../recruitment.test-helpers.ts';
import { RECRUITMENT_TEXTS } from '../recruitment-texts.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const segment = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const TOKEN = `${segment({ alg: 'HS256' })}.${segment({ cid: 'c-1', aud: 'unsubscribe' })}.c2lnbmF0dXJl`;

function openUnsubscribe(path: string, routes: Routes = {}) {
  const calls = stubRecruitmentApi({
    'GET /api/recruitment/unsubscribe': () => ({
      status: 200,
      body: { firstName: 'Ana', unsubscribed: false },
    }),
    'POST /api/recruitment/unsubscribe': () => ({
      status: 200,
      body: { message: RECRUITMENT_MESSAGES.unsubscribed },
    }),
    ...routes,
  });
  return { ...renderRoute(path), calls };
}

describe('Unsubscribe page', () => {
  it.each([
    ['no token', '/unsubscribe'],
    ['an empty token', '/unsubscribe?token='],
    ['a token that cannot be decoded', '/unsubscribe?token=not-a-token'],
  ])('says the token is missing or invalid for %s, without asking the server', (_case, path) => {
    const { calls } = openUnsubscribe(path);
    expect(screen.getByRole('alert')).toHaveTextContent(RECRUITMENT_MESSAGES.missingToken);
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('greets the candidate and unsubscribes them', async () => {
    const { user, calls } = openUnsubscribe(`/unsubscribe?token=${TOKEN}`);
    expect(await screen.findByText(RECRUITMENT_TEXTS.greeting('Ana'))).toBeVisible();
    expect(calls[0]?.query).toBe(`token=${TOKEN}`);
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText(RECRUITMENT_MESSAGES.unsubscribed)).toBeVisible();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ token: TOKEN });
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
  });

  it('sends one request for a double click', async () => {
    const { calls } = openUnsubscribe(`/unsubscribe?token=${TOKEN}`);
    const button = await screen.findByRole('button', { name: 'Unsubscribe' });
    // Two clicks with nothing awaited between them, as a fast double click lands.
    fireEvent.click(button);
    fireEvent.click(button);
    expect(await screen.findByText(RECRUITMENT_MESSAGES.unsubscribed)).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('says when the candidate has unsubscribed already', async () => {
    openUnsubscribe(`/unsubscribe?token=${TOKEN}`, {
      'GET /api/recruitment/unsubscribe': () => ({
        status: 200,
        body: { firstName: 'Ana', unsubscribed: true },
      }),
    });
    expect(await screen.findByText(RECRUITMENT_TEXTS.alreadyUnsubscribed)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
  });

  it("shows 'Error during unsubscribe' with the server's message when the unsubscribe fails", async () => {
    const { user } = openUnsubscribe(`/unsubscribe?token=${TOKEN}`, {
      'POST /api/recruitment/unsubscribe': () =>
        replyError(400, RECRUITMENT_MESSAGES.missingToken, 'INVALID'),
    });
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: RECRUITMENT_MESSAGES.unsubscribeErrorTitle }),
    ).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(RECRUITMENT_MESSAGES.missingToken);
  });

  it("shows 'Error during unsubscribe' when the server refuses the link", async () => {
    openUnsubscribe(`/unsubscribe?token=${TOKEN}`, {
      'GET /api/recruitment/unsubscribe': () => replyError(400, RECRUITMENT_MESSAGES.missingToken, 'INVALID'),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: RECRUITMENT_MESSAGES.unsubscribeErrorTitle }),
    ).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(RECRUITMENT_MESSAGES.missingToken);
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
  });
});
