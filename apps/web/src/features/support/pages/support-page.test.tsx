import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { endSession } from '../../../lib/session.ts';
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
});
