import { AUTH_MESSAGES, ERROR_CODES, REGISTRATION_MESSAGES } from '@portal/domain';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { endSession } from '../../../lib/session.ts';
import { renderRoute } from '../../../test/render.tsx';
import { replyError, stubApi } from '../../../test/stub-api.ts';

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

  it('marks the missing fields, links their messages and moves focus to the first', async () => {
    const calls = stubApi({});
    const { user } = renderRoute('/login');
    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');
    expect(email).not.toHaveAttribute('aria-invalid');

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(email).toHaveFocus();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Please enter your email.');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription('Please enter your password.');

    await user.type(email, 'robin@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(password).toHaveFocus();
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(calls).toEqual([]);
  });

  it('checks a field again as it changes once a sign-in was refused', async () => {
    stubApi({});
    const { user } = renderRoute('/login');
    const password = screen.getByLabelText('Password');
    await user.type(password, 'x');
    await user.clear(password);
    expect(screen.queryByText('Please enter your password.')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Please enter your password.')).toBeVisible();
    await user.type(password, 'x');
    expect(screen.queryByText('Please enter your password.')).not.toBeInTheDocument();
    expect(password).not.toHaveAttribute('aria-invalid');
  });

  it('sends the email trimmed and in lower case', async () => {
    const calls = stubApi({ 'POST /api/auth/login': () => replyError(401, AUTH_MESSAGES.loginFailed) });
    const { user } = renderRoute('/login');
    await user.type(screen.getByLabelText('Email'), '  Robin@Example.COM ');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(AUTH_MESSAGES.loginFailed)).toBeVisible();
    expect(calls.find((c) => c.path === '/api/auth/login')?.body).toEqual({
      email: 'robin@example.com',
      password: 'secret',
    });
  });

  it('offers a new verification link for an unverified account, to the email entered', async () => {
    const calls = stubApi({
      'POST /api/auth/login': () =>
        replyError(403, AUTH_MESSAGES.emailNotVerified, ERROR_CODES.emailNotVerified),
      'POST /api/auth/verify-email/resend': () => ({
        status: 200,
        body: { message: AUTH_MESSAGES.verificationSent },
      }),
    });
    const { user } = renderRoute('/login');
    await user.type(screen.getByLabelText('Email'), ' robin@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.click(await screen.findByRole('button', { name: 'Send a new verification link' }));
    expect(await screen.findByText(AUTH_MESSAGES.verificationSent)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Send a new verification link' })).not.toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/auth/verify-email/resend')?.body).toEqual({
      email: 'robin@example.com',
    });
  });

  it('asks for a valid email before sending a reset link', async () => {
    const calls = stubApi({
      'POST /api/auth/password-reset': () => ({
        status: 200,
        body: { message: AUTH_MESSAGES.resetRequested },
      }),
    });
    const { user } = renderRoute('/login');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    const panel = screen.getByRole('form', { name: 'Reset your password' });
    const email = within(panel).getByLabelText('Email');
    await user.type(email, 'not-an-email');
    await user.click(within(panel).getByRole('button', { name: 'Send reset link' }));
    expect(email).toHaveFocus();
    expect(email).toHaveAccessibleDescription(
      `We will email you a link to choose a new password. ${REGISTRATION_MESSAGES.invalidEmail}`,
    );
    expect(calls).toEqual([]);

    await user.clear(email);
    await user.type(email, 'Robin@example.com');
    await user.click(within(panel).getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(AUTH_MESSAGES.resetRequested)).toBeVisible();
    expect(calls.find((c) => c.path === '/api/auth/password-reset')?.body).toEqual({
      email: 'robin@example.com',
    });
  });

  it('links to registration', () => {
    renderRoute('/login');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
  });
});
