import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog.tsx';

describe('ConfirmDialog', () => {
  it("says what will happen and the server's refusal; the change's button confirms, Cancel closes", async () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(
      <ConfirmDialog
        open
        title="Disable SPRING?"
        error={new Error('This code is already disabled.')}
        busy={false}
        confirmLabel="Disable the code"
        onConfirm={onConfirm}
        onClose={onClose}
      >
        <p>Checkout refuses it from now on.</p>
      </ConfirmDialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Disable SPRING?' });
    expect(dialog).toHaveTextContent('This code is already disabled.');
    expect(dialog).toHaveTextContent('Checkout refuses it from now on.');
    await user.click(screen.getByRole('button', { name: 'Disable the code' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
