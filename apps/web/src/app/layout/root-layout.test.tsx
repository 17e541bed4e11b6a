import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { CLIENT_MESSAGES } from '../../lib/messages.ts';
import { RootLayout } from './root-layout.tsx';

function Broken(): never {
  throw new Error('a page bug');
}

function renderAt(path: string) {
  const caught = vi.fn();
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route element={<RootLayout />}>
          <Route index element={<h1>Start</h1>} />
          <Route path="broken" element={<Broken />} />
          <Route path="fine" element={<Link to="/broken">Broken page</Link>} />
        </Route>
      </Routes>
    </MemoryRouter>,
    { onCaughtError: caught },
  );
  return { user, caught };
}

describe('Root layout', () => {
  it('shows the error with a way back instead of a page that fails to render', async () => {
    const { user, caught } = renderAt('/broken');
    expect(screen.getByText(CLIENT_MESSAGES.unexpected)).toBeVisible();
    expect(caught).toHaveBeenCalledOnce();

    await user.click(screen.getByRole('link', { name: 'Go to the start page' }));
    expect(await screen.findByRole('heading', { name: 'Start' })).toBeVisible();
    expect(screen.queryByText(CLIENT_MESSAGES.unexpected)).not.toBeInTheDocument();
  });

  it('catches a page that fails after a navigation', async () => {
    const { user } = renderAt('/fine');
    await user.click(screen.getByRole('link', { name: 'Broken page' }));
    expect(await screen.findByText(CLIENT_MESSAGES.unexpected)).toBeVisible();
  });
});
