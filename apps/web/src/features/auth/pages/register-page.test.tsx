import { ACCOUNT_TYPE_LABELS, PASSWORD_MESSAGES, REGISTRATION_MESSAGES } from '@portal/domain';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { endSession } from '../../../lib/session.ts';
import { renderRoute } from '../../../test/render.tsx';

async function openDetailsStep() {
  const view = renderRoute('/register');
  await view.user.click(screen.getByRole('radio', { name: ACCOUNT_TYPE_LABELS.adult }));
  await view.user.click(screen.getByRole('button', { name: 'Next' }));
  return view;
}

describe('Registration', () => {
  beforeEach(() => endSession(null));

  it('requires an account type before going on', async () => {
    const { user } = renderRoute('/register');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent(REGISTRATION_MESSAGES.selectionRequired);
    expect(screen.getByRole('group', { name: 'Who is this account for?' })).toHaveAccessibleDescription(
      REGISTRATION_MESSAGES.selectionRequired,
    );
  });

  it('lists every empty required item in one Please fill out message', async () => {
    const { user } = await openDetailsStep();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Please fill out First name, Last name, Email, Password')).toBeVisible();
    expect(screen.getByLabelText('First name')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the message for each field that is filled in but wrong', async () => {
    const { user } = await openDetailsStep();
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example');
    await user.type(screen.getByLabelText('Confirm email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Confirm password'), 'different');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByLabelText('Email')).toHaveAccessibleDescription(
      REGISTRATION_MESSAGES.invalidEmail,
    );
    expect(screen.getByLabelText('Confirm email')).toHaveAccessibleDescription(
      REGISTRATION_MESSAGES.emailMismatch,
    );
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      expect.stringContaining(PASSWORD_MESSAGES.tooShort),
    );
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription(PASSWORD_MESSAGES.mismatch);
    expect(screen.queryByText(/Please fill out/)).not.toBeInTheDocument();
  });

  it('names each password rule in turn', async () => {
    const { user } = await openDetailsStep();
    const password = screen.getByLabelText('Password');
    await user.type(password, 'longenough');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(PASSWORD_MESSAGES.noSymbol)).toBeVisible();
    await user.type(password, '!');
    expect(await screen.findByText(PASSWORD_MESSAGES.noNumber)).toBeVisible();
  });

  it('goes back to the account type with the choice kept', async () => {
    const { user } = await openDetailsStep();
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('radio', { name: ACCOUNT_TYPE_LABELS.adult })).toBeChecked();
  });
});
