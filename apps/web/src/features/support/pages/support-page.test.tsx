import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endSession } from '../../../lib/session.ts';
import { stubApi } from '../../../test/kits.tsx';
import { completeProfile, renderRoute } from '../../../test/render.tsx';

afterEach(() => endSession(null));

describe('Support page', () => {
  it('shows the FAQ link and the contact details from the settings', async () => {
    renderRoute('/support', {
      signedInAs: completeProfile,
      config: { supportPostalAddress: 'PO Box 9, Brisbane QLD 4001', faqUrl: 'https://help.example.com/faq' },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Read the frequently asked questions' })).toHaveAttribute(
      'href',
      'https://help.example.com/faq',
    );
    expect(screen.getByRole('link', { name: '1300 974 621' })).toHaveAttribute('href', 'tel:1300974621');
    expect(screen.getByRole('link', { name: 'support@example.com' })).toBeVisible();
    expect(screen.getByText('PO Box 9, Brisbane QLD 4001')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Support' })).toBeNull();
  });

  it('opens the impersonation widget from the title for a user with IMPERSONATE', async () => {
    const view = renderRoute('/support', {
      signedInAs: { ...completeProfile, authorities: ['IMPERSONATE'] },
    });
    await view.user.click(await screen.findByRole('button', { name: 'Support' }));
    const dialog = screen.getByRole('dialog', { name: 'View a participant’s portal' });
    expect(dialog).toBeVisible();
    expect(screen.getByRole('button', { name: 'View portal' })).toBeDisabled();
  });

  describe('the impersonation widget', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    async function openWidget(route: Parameters<typeof stubApi>[0][string]) {
      const calls = stubApi({ 'POST /auth/impersonate': route });
      const view = renderRoute('/support', {
        signedInAs: { ...completeProfile, authorities: ['IMPERSONATE'] },
      });
      await view.user.click(await screen.findByRole('button', { name: 'Support' }));
      const dialog = screen.getByRole('dialog', { name: 'View a participant’s portal' });
      await view.user.type(within(dialog).getByLabelText('Username'), 'pat@example.com');
      return { ...view, calls, dialog };
    }

    it("shows the server's message when the person cannot be viewed, and offers it again", async () => {
      const { dialog, user } = await openWidget({
        status: 404,
        body: { message: 'No account has this username.', code: 'NOT_FOUND' },
      });
      await user.click(within(dialog).getByRole('button', { name: 'View portal' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('No account has this username.');
      expect(within(dialog).getByRole('button', { name: 'View portal' })).toBeEnabled();
    });

    it('asks once for a double click', async () => {
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const { dialog, calls } = await openWidget(async () => {
        await held;
        return { status: 500, body: { message: 'Try again later.', code: 'INTERNAL' } };
      });
      const button = within(dialog).getByRole('button', { name: 'View portal' });
      // Two clicks with nothing awaited between them: the second finds the button busy.
      fireEvent.click(button);
      fireEvent.click(button);
      await waitFor(() => expect(button).toBeDisabled());
      release();
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('Try again later.');
      expect(calls.filter((call) => call.path === '/auth/impersonate')).toHaveLength(1);
    });
  });
});
