import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { endSession } from '../../lib/session.ts';
import { completeProfile, renderRoute, testConfig } from '../../test/render.tsx';

describe('Mobile menu', () => {
  beforeEach(() => {
    endSession(null);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } })),
    );
  });

  it('lists every entry at once, More included, in a dialog that Escape closes, focus back on Menu', async () => {
    const { user } = renderRoute('/dashboard', { signedInAs: completeProfile });
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await user.click(menu);
    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    const nav = within(dialog).getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard', 'My Kits', 'Questionnaires', 'Reports', 'Coach', 'My Profile', 'Support']);
    expect(within(nav).getByRole('button', { name: 'Log Out' })).toBeVisible();
    expect(within(nav).queryByRole('button', { name: 'More' })).not.toBeInTheDocument();
    expect(within(nav).getByText(`Version ${testConfig.version}`)).toBeVisible();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(menu).toHaveFocus();
  });

  it('closes when an entry is followed', async () => {
    const { user, location } = renderRoute('/dashboard', { signedInAs: completeProfile });
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('link', { name: 'Support' }),
    );
    expect(location().pathname).toBe('/support');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  });
});
