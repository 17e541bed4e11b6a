import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Modal } from './modal.tsx';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="Kit details">
        <a href="#first">First link</a>
        <button type="button">Last action</button>
      </Modal>
    </>
  );
}

/** A dialog that opens a second one on top of it. */
function Stacked() {
  const [first, setFirst] = useState(false);
  const [second, setSecond] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setFirst(true)}>
        Open
      </button>
      <Modal open={first} onClose={() => setFirst(false)} title="Kit details">
        <button type="button" onClick={() => setSecond(true)}>
          More
        </button>
      </Modal>
      <Modal open={second} onClose={() => setSecond(false)} title="Timeline">
        <p>Events</p>
      </Modal>
    </>
  );
}

const depth = () => (window.history.state as { modalDepth?: number } | null)?.modalDepth ?? 0;

describe('Modal', () => {
  it('is a history entry: Back closes the top dialog only, and a dialog closed otherwise takes its entry along', async () => {
    const user = userEvent.setup();
    render(<Stacked />);
    await waitFor(() => expect(depth()).toBe(0));
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'More' }));
    await waitFor(() => expect(depth()).toBe(2));
    expect(screen.getAllByRole('dialog')).toHaveLength(2);

    act(() => window.history.back());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Timeline' })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Kit details' })).toBeVisible();
    expect(depth()).toBe(1);

    // Closed with its button, the dialog's entry goes too: the page is back on its own entry.
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(depth()).toBe(0));
  });

  it('is labelled by its title and takes focus when it opens', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Kit details' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
  });

  it('closes on Escape and gives focus back to the opener', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('keeps Tab inside the dialog', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.tab();
    expect(screen.getByRole('link', { name: 'First link' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Last action' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Last action' })).toHaveFocus();
  });
});
