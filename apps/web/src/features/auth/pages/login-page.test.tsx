import { AUTH_MESSAGES } from '@portal/domain';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { endSession } from '../../../lib/session.ts';
import { renderRoute } from '../../../test/render.tsx';

describe('Sign-in screen', () => {
  beforeEach(() => endSession(null));

  it('opens and closes the forgot-password panel in place', async () => {
    const { user } = renderRoute('/login');
    const toggle = screen.getByRole('button', { name: 'Forgot password?' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('heading', { name: 'Reset your password' })).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeVisible();

    await user.click(toggle);
    expect(screen.queryByRole('heading', { name: 'Reset your password' })).not.toBeInTheDocument();
  });

  it('says the account is verified when arriving from the email link', () => {
    renderRoute('/login?fromVerify=1');
    expect(screen.getByText(AUTH_MESSAGES.verified)).toBeVisible();
  });

  it('explains an expired session', () => {
    endSession('expired');
    renderRoute('/login');
    expect(screen.getByText(AUTH_MESSAGES.sessionExpired)).toBeVisible();
  });

  it('asks for the email and password before calling the server', async () => {
    const { user } = renderRoute('/login');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter your email.')).toBeVisible();
    expect(screen.getByText('Please enter your password.')).toBeVisible();
  });

  it('links to registration', () => {
    renderRoute('/login');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
  });
});
