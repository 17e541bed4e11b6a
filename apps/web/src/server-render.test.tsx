import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from './app/app.tsx';
import { RESEARCH_TEXTS } from './components/research/research-texts.ts';
import { configQuery } from './lib/config.ts';
import { createQueryClient } from './lib/query-client.ts';
import { renderPage } from './server-render.tsx';
import { testConfig } from './test/render.tsx';

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
