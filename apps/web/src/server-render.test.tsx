import type { SignedInPageReads } from '@portal/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from './app/app.tsx';
import { readServerDrawnPage } from './app/server-drawn.ts';
import { RESEARCH_TEXTS } from './components/research/research-texts.ts';
import { makeListItem, reportResponse, stubReportsApi } from './features/reports/reports.test-helpers.ts';
import { configQuery } from './lib/config.ts';
import { createQueryClient } from './lib/query-client.ts';
import { ServerLayoutContext } from './lib/server-layout.ts';
import { endSession, getSessionSnapshot, startSession } from './lib/session.ts';
import { renderPage } from './server-render.tsx';
import { completeProfile, testConfig, testUser } from './test/render.tsx';

/** The server's markup, parsed as the browser shows it before the app's code runs. */
async function drawn(url: string, config = testConfig): Promise<HTMLElement> {
  const markup = await renderPage(url, config);
  if (markup === null) throw new Error(`${url} was not drawn`);
  const root = document.createElement('div');
  root.innerHTML = markup;
  document.body.append(root);
  return root;
}

afterEach(() => {
  document.body.replaceChildren();
  window.history.replaceState(null, '', '/');
});

describe('the sign-in page the server draws (decision 014)', () => {
  it('holds the whole sign-in form, posting, its button disabled until the app takes over', async () => {
    const root = await drawn('/login');
    const page = within(root);
    expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(page.getByText(testConfig.brandName)).toBeInTheDocument();
    const form = page.getByRole('form', { name: 'Sign in' });
    // Should the browser ever send it itself, credentials never go into an address.
    expect(form).toHaveAttribute('method', 'post');
    expect(page.getByLabelText('Email')).toHaveValue('');
    expect(page.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(page.getByRole('button', { name: 'Sign in' })).toBeDisabled();
    // Typing waits for the app too, so nothing typed before it takes over is lost.
    expect(page.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
  });

  it('draws what the address asks for, and the operators’ site alert', async () => {
    const page = within(
      await drawn('/login?fromVerify=1', { ...testConfig, siteAlert: 'Lab closed on Friday' }),
    );
    expect(page.getByText('Your account has been verified. You can now sign in.')).toBeInTheDocument();
    expect(page.getByText('Lab closed on Friday')).toBeInTheDocument();
  });

  it('draws the research portal’s sign-in on the research portal', async () => {
    const page = within(await drawn('/login', { ...testConfig, appType: 'RESEARCH' }));
    expect(page.getByRole('heading', { level: 1, name: RESEARCH_TEXTS.loginTitle })).toBeInTheDocument();
  });

  it.each(['/', '/dashboard', '/kits', '/report/12', '/register', '/login/extra', '/profile?x=/login'])(
    'leaves %s to the browser',
    async (url) => {
      expect(await renderPage(url, testConfig)).toBeNull();
    },
  );

  it('is taken over as it is: no redraw, no mismatch, and the form then signs in', async () => {
    const root = await drawn('/login?fromVerify=1');
    // A reload keeps the history entry's state, which the server never sees: a finished reset's notice.
    window.history.replaceState(
      { usr: { notice: 'resetDone' }, key: 'k', idx: 0 },
      '',
      '/login?fromVerify=1',
    );
    const heading = root.querySelector('h1');
    const email = root.querySelector('input[type=email]');
    const mismatches = vi.fn();
    const queryClient = createQueryClient();
    queryClient.setQueryData(configQuery.queryKey, testConfig);
    const fetchMock = vi.fn(
      async () =>
        new Response(
          JSON.stringify({ message: 'The email or password you entered is incorrect.', code: 'x' }),
          {
            status: 401,
            headers: { 'content-type': 'application/json' },
          },
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    let app: Root | undefined;
    await act(async () => {
      app = hydrateRoot(
        root,
        <StrictMode>
          <App queryClient={queryClient} />
        </StrictMode>,
        { onRecoverableError: mismatches },
      );
    });
    const submit = screen.getByRole('button', { name: 'Sign in' });
    await waitFor(() => expect(submit).toBeEnabled());
    expect(mismatches).not.toHaveBeenCalled();
    expect(
      await screen.findByText('Your password has been reset. Please sign in with your new password.'),
    ).toBeInTheDocument();
    // The very elements the server drew, not copies.
    expect(root.querySelector('h1')).toBe(heading);
    expect(root.querySelector('input[type=email]')).toBe(email);

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'robin@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    await user.click(submit);
    expect(await screen.findByText('The email or password you entered is incorrect.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalled();
    act(() => app?.unmount());
  });
});

describe('a report the server draws for its owner (decision 073)', () => {
  const item = makeListItem(5);
  const owner = { ...testUser, ...completeProfile, reconsentPending: false, handoverOpen: false };
  const answers: Record<string, unknown> = {
    '/users/me': owner,
    '/reports': [makeListItem(4), item],
    [`/reports/${item.sampleIdentifier}`]: reportResponse(item),
  };
  /** The person's reads as the server answers them: `null` where the API refused. */
  function readsOf(given: Record<string, unknown>, layout: 'narrow' | 'wide' = 'narrow') {
    const asked: string[] = [];
    const reads: SignedInPageReads = {
      layout,
      read: async (path) => {
        asked.push(path);
        return given[path] ?? null;
      },
    };
    return { asked, reads };
  }
  async function drawnReport(url: string, reads: SignedInPageReads) {
    const markup = await renderPage(url, testConfig, reads);
    if (markup === null) throw new Error(`${url} was not drawn`);
    const root = document.createElement('div');
    root.innerHTML = markup;
    document.body.append(root);
    return root;
  }

  it('draws the summary at a glance from the reads the page makes, and not the sections under it', async () => {
    const { asked, reads } = readsOf(answers);
    const page = within(await drawnReport('/report/5', reads));
    expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    expect(page.getByRole('heading', { level: 2, name: 'Your report at a glance' })).toBeInTheDocument();
    expect(page.getByText(`Sample ${item.sampleIdentifier} · report version v3`)).toBeInTheDocument();
    expect(page.queryByRole('heading', { name: 'How your sample was analysed' })).toBeNull();
    // Its buttons do nothing until the app has taken the page over, and say so.
    const buttons = page.getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(
      expect.arrayContaining(['Menu', 'More', 'Report actions']),
    );
    for (const button of buttons) expect(button).toBeDisabled();
    expect(asked).toEqual(['/users/me', '/reports', `/reports/${item.sampleIdentifier}`]);
    // The server's session is the person's only for the render.
    expect(getSessionSnapshot()).toMatchObject({ status: 'signedOut', userId: null });
  });

  it('puts the summary first on a phone, after the report pickers on a wide screen', async () => {
    const order = async (layout: 'narrow' | 'wide') => {
      const root = await drawnReport('/report/5', readsOf(answers, layout).reads);
      const glance = within(root).getByRole('heading', { name: 'Your report at a glance' });
      const picker = root.querySelector('fieldset.report-selectors');
      if (!picker) throw new Error('no pickers drawn');
      root.remove();
      return glance.compareDocumentPosition(picker) & Node.DOCUMENT_POSITION_FOLLOWING
        ? 'summary'
        : 'pickers';
    };
    expect(await order('narrow')).toBe('summary');
    expect(await order('wide')).toBe('pickers');
  });

  it.each([
    ['the session has ended (the API refuses the token)', { ...answers, '/users/me': null }],
    ['a re-consent waits at sign-in', { ...answers, '/users/me': { ...owner, reconsentPending: true } }],
    ['a turning-18 handover waits at sign-in', { ...answers, '/users/me': { ...owner, handoverOpen: true } }],
    ['the kit has no report of this person', { ...answers, '/reports': [makeListItem(4)] }],
    [
      'the report is refused (withheld, or a minor without consent)',
      { ...answers, [`/reports/${item.sampleIdentifier}`]: null },
    ],
  ])('leaves the page to the browser when %s', async (_, given) => {
    expect(await renderPage('/report/5', testConfig, readsOf(given).reads)).toBeNull();
    expect(getSessionSnapshot().status).toBe('signedOut');
  });

  it('is taken over as it is once the app has the same reads: no mismatch, the same elements, then the sections', async () => {
    const root = await drawnReport('/report/5', readsOf(answers, 'wide').reads);
    const glance = within(root).getByRole('heading', { name: 'Your report at a glance' });
    window.history.replaceState(null, '', '/report/5');
    const calls = stubReportsApi({
      'GET /users/me': { status: 200, body: owner },
      'GET /reports': { status: 200, body: answers['/reports'] },
      [`GET /reports/${item.sampleIdentifier}`]: {
        status: 200,
        body: answers[`/reports/${item.sampleIdentifier}`],
      },
    });
    startSession({ access_token: 'header.e30.sig', expires_in: 900, user_id: owner.id });
    const queryClient = createQueryClient();
    queryClient.setQueryData(configQuery.queryKey, testConfig);
    expect(await readServerDrawnPage(queryClient, '/report/5', owner.id)).toBe(true);
    expect(calls.map((call) => call.path)).toEqual(
      expect.arrayContaining(['/users/me', '/reports', `/reports/${item.sampleIdentifier}`]),
    );
    const mismatches = vi.fn();
    let app: Root | undefined;
    await act(async () => {
      app = hydrateRoot(
        root,
        <StrictMode>
          <ServerLayoutContext value="wide">
            <App queryClient={queryClient} />
          </ServerLayoutContext>
        </StrictMode>,
        { onRecoverableError: mismatches },
      );
    });
    expect(await screen.findByRole('heading', { name: 'How your sample was analysed' })).toBeInTheDocument();
    expect(mismatches).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Download PDF' })).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Menu' })).toBeEnabled();
    // The very element the server drew, not a copy.
    expect(screen.getByRole('heading', { name: 'Your report at a glance' })).toBe(glance);
    act(() => app?.unmount());
    endSession(null);
  });

  it('is not taken over when a read fails or the address is not a drawn report', async () => {
    stubReportsApi({
      'GET /users/me': { status: 200, body: owner },
      'GET /reports': { status: 200, body: [] },
    });
    startSession({ access_token: 'header.e30.sig', expires_in: 900, user_id: owner.id });
    expect(await readServerDrawnPage(createQueryClient(), '/report/5', owner.id)).toBe(false);
    expect(await readServerDrawnPage(createQueryClient(), '/dashboard', owner.id)).toBe(false);
    stubReportsApi({
      'GET /users/me': { status: 200, body: owner },
      'GET /reports': { status: 503, body: { message: 'x', code: 'y' } },
    });
    expect(await readServerDrawnPage(createQueryClient(), '/report/5', owner.id)).toBe(false);
    endSession(null);
  });

  it.each(['/report/5?samples=MBK4', '/report/abc', '/report/5/x', '/dashboard', '/reports'])(
    'draws no signed-in page at %s, and reads nothing for it',
    async (url) => {
      const { asked, reads } = readsOf(answers);
      expect(await renderPage(url, testConfig, reads)).toBeNull();
      expect(asked).toEqual([]);
    },
  );
});
