import { AUTH_MESSAGES } from '@portal/domain';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endSession } from '../../../lib/session.ts';
import { completeProfile, renderRoute } from '../../../test/render.tsx';
import { stubApi } from '../../../test/stub-api.ts';
import { VERIFIED_WHILE_SIGNED_IN } from './verify-email-page.tsx';

const TOKEN = 'q1w2E3r4T5y6U7i8O9p0_-AsDfGhJkLzXcVbNm12345';

describe('Pages opened from emailed links', () => {
  it('says the verification token is missing when the link has none', () => {
    renderRoute('/verify-email');
    expect(screen.getByRole('alert')).toHaveTextContent(AUTH_MESSAGES.verifyMissingToken);
  });

  it('says the reset token cannot be parsed when the link has none', () => {
    renderRoute('/reset-password');
    expect(screen.getByRole('alert')).toHaveTextContent(AUTH_MESSAGES.resetMissingToken);
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('says the reset token cannot be parsed when it is not a token', () => {
    renderRoute('/reset-password?not%20a%20token');
    expect(screen.getByRole('alert')).toHaveTextContent('Could not parse token');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('offers the new-password form when the link carries a token', () => {
    renderRoute('/reset-password?q1w2E3r4T5y6U7i8O9p0_-AsDfGhJkLzXcVbNm12345');
    expect(screen.getByLabelText('New password')).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('Emailed-link pages, signed in (research §2: logged-out only)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    endSession(null);
  });

  it('sends a signed-in visitor of the reset-password page to the dashboard', async () => {
    const calls = stubApi({});
    const { location } = renderRoute(`/reset-password?${TOKEN}`, { signedInAs: completeProfile });
    await waitFor(() => expect(location().pathname).toBe('/dashboard'));
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('/api/auth'))).toEqual([]);
  });

  it('sends a signed-in visitor of the verify-email page without a token to the dashboard', async () => {
    stubApi({});
    const { location } = renderRoute('/verify-email', { signedInAs: completeProfile });
    await waitFor(() => expect(location().pathname).toBe('/dashboard'));
  });

  it('still verifies a link opened while signed in, then says so with a way on', async () => {
    const calls = stubApi({
      'POST /api/auth/verify-email': () => ({ status: 200, body: { message: 'ok' } }),
    });
    const { location } = renderRoute(`/verify-email?${TOKEN}`, { signedInAs: completeProfile });
    expect(await screen.findByText(VERIFIED_WHILE_SIGNED_IN)).toBeVisible();
    expect(calls.filter((c) => c.path === '/api/auth/verify-email')).toHaveLength(1);
    expect(location().pathname).toBe('/verify-email');
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('shows the refusal of a used link to a signed-in visitor, without the resend form', async () => {
    stubApi({
      'POST /api/auth/verify-email': () => ({
        status: 400,
        body: { message: AUTH_MESSAGES.verifyInvalid, code: 'TOKEN_INVALID' },
      }),
    });
    renderRoute(`/verify-email?${TOKEN}`, { signedInAs: completeProfile });
    expect(await screen.findByText(AUTH_MESSAGES.verifyInvalid)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Send a new verification link' })).not.toBeInTheDocument();
  });
});
