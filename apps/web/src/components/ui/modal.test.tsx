import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { BrowserRouter, Route, Routes, useNavigate } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { listenBeforeTheRouter } from '../../lib/popstate-first.ts';
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

/** A dialog that opens a second one on top of it (with the Modal of a module evaluated again, if given). */
function Stacked({ Dialog = Modal }: { Dialog?: typeof Modal }) {
  const [first, setFirst] = useState(false);
  const [second, setSecond] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setFirst(true)}>
        Open
      </button>
      <Dialog open={first} onClose={() => setFirst(false)} title="Kit details">
        <button type="button" onClick={() => setSecond(true)}>
          More
        </button>
      </Dialog>
      <Dialog open={second} onClose={() => setSecond(false)} title="Timeline">
        <p>Events</p>
      </Dialog>
    </>
  );
}

/** The page's navigate, for a test to go to another page at a moment of its choosing. */
let navigateAway: (() => void) | undefined;

/** A dialog whose action closes it, then goes to another page (a support view to the dashboard). */
function ClosesThenNavigates() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  navigateAway = () => navigate('/dashboard');
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="Start a view">
        <button type="button" onClick={() => setOpen(false)}>
          Start
        </button>
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

  it('keeps a navigation that comes while a closed dialog takes its entry back out', async () => {
    const user = userEvent.setup();
    window.history.pushState(null, '', '/support');
    listenBeforeTheRouter(); // as main.tsx does
    render(
      <BrowserRouter>
        <Routes>
          <Route path="/support" element={<ClosesThenNavigates />} />
          <Route path="/dashboard" element={<h1>Dashboard</h1>} />
        </Routes>
      </BrowserRouter>,
    );
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(depth()).toBe(1));
    // The page goes on to the dashboard just after the dialog's entry is asked back out of history.
    const go = window.history.go.bind(window.history);
    vi.spyOn(window.history, 'go').mockImplementationOnce((delta) => {
      go(delta);
      navigateAway?.();
    });
    await user.click(screen.getByRole('button', { name: 'Start' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeVisible();
    expect(window.location.pathname).toBe('/dashboard');
    // jsdom, like some browsers, drops the go when the page pushes its entry (Chromium lands it, and the
    // entry is pushed again): either way Back returns to the page itself, on its own entry.
    act(() => window.history.back());
    await waitFor(() => expect(window.location.pathname).toBe('/support'));
    await waitFor(() => expect(depth()).toBe(0));
  });

  it('keeps one history per window when its module is evaluated again (a hot update, the next test file)', async () => {
    const user = userEvent.setup();
    window.history.pushState({ page: 'kit-details' }, '', '/kit-details');
    // The module as first loaded: a dialog opens, and closes when its page goes.
    const before = render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(depth()).toBe(1));
    before.unmount();
    await waitFor(() => expect(depth()).toBe(0));
    // The same window, the modules evaluated again.
    vi.resetModules();
    const { Modal: ModalAgain } = await import('./modal.tsx');
    render(<Stacked Dialog={ModalAgain} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'More' }));
    await waitFor(() => expect(depth()).toBe(2));

    // Each Back closes one dialog, and the second one lands on the page's own entry, not on the one before.
    act(() => window.history.back());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Timeline' })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Kit details' })).toBeVisible();
    act(() => window.history.back());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.history.state).toEqual({ page: 'kit-details' });
    expect(window.location.pathname).toBe('/kit-details');
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
