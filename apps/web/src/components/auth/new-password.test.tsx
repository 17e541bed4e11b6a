import { PASSWORD_MESSAGES } from '@portal/domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NewPasswordFields, useNewPasswordForm } from './new-password.tsx';

function Harness({ onValid }: { onValid: (password: string) => void }) {
  const form = useNewPasswordForm();
  return (
    <form aria-label="Choose" noValidate onSubmit={form.handleSubmit(({ password }) => onValid(password))}>
      <NewPasswordFields form={form} label="New password" />
      <button type="submit">Save</button>
    </form>
  );
}

describe('NewPasswordFields', () => {
  it('refuses two different entries, and hands over a password typed twice', async () => {
    const onValid = vi.fn();
    const user = userEvent.setup();
    render(<Harness onValid={onValid} />);
    await user.type(screen.getByLabelText('New password'), 'Correct-horse-42');
    await user.type(screen.getByLabelText('Confirm password'), 'Correct-horse-43');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PASSWORD_MESSAGES.mismatch)).toBeInTheDocument();
    expect(onValid).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'Correct-horse-42');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onValid).toHaveBeenCalledWith('Correct-horse-42'));
  });
});
