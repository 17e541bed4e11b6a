import { KIT_MESSAGES, REPORT_NOT_PERMITTED } from '@portal/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KITS_TEXTS } from '../../../components/kits/kit-texts.ts';
import { endSession } from '../../../lib/session.ts';
import { makeKit, makeSentKit, stubApi } from '../../../test/kits.tsx';
import { renderRoute } from '../../../test/render.tsx';

const KITS = [
  makeKit({ id: 1, name: 'Spare kit' }),
  makeKit({
    id: 2,
    name: 'Results in',
    kitStatus: 'RESULTS_AVAILABLE',
    sampleStatus: 'RESULTS_AVAILABLE',
  }),
];

beforeEach(() => {
  endSession(null);
  stubApi({
    'GET /kits': { status: 200, body: KITS },
    'GET /kits/sent': { status: 200, body: [makeSentKit({ kitId: 9, receiverEmail: 'sam@example.com' })] },
    'GET /kits/1/timeline': { status: 200, body: [] },
    'GET /kits/2/timeline': { status: 200, body: [] },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const card = (name: string) => screen.getByRole('article', { name });

describe('Kits page', () => {
  it('shows My Sampling Kits with the two tabs and a card per kit', async () => {
    renderRoute('/kits', { signedInAs: {} });
    expect(screen.getByRole('heading', { level: 1, name: 'My Sampling Kits' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Kits in My Journey' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { level: 2, name: 'Spare kit' })).toBeVisible();
    expect(card('Results in')).toBeVisible();
    expect(screen.queryByText(REPORT_NOT_PERMITTED)).not.toBeInTheDocument();
  });

  it('says when there are no kits yet, with a picture and the redeem dialog as the next step', async () => {
    stubApi({ 'GET /kits': { status: 200, body: [] }, 'GET /kits/sent': { status: 200, body: [] } });
    const { user } = renderRoute('/kits', { signedInAs: {} });
    expect(await screen.findByText(KIT_MESSAGES.noKits)).toBeVisible();
    await user.click(screen.getByRole('button', { name: KITS_TEXTS.activateKit }));
    expect(await screen.findByRole('dialog')).toBeVisible();
  });

  it('is My Research in the research portal', () => {
    const completeProfile = {
      gender: 'FEMALE',
      dateOfBirth: '1990-05-04',
      phoneNumber: '0400 000 000',
      addressLine1: '1 Queen St',
      suburb: 'Brisbane City',
      state: 'QLD',
      postcode: '4000',
    };
    renderRoute('/kits', { signedInAs: completeProfile, config: { appType: 'RESEARCH' } });
    expect(screen.getByRole('heading', { level: 1, name: 'My Research' })).toBeVisible();
  });

  it('explains a refused report on /kits/notAllowed', () => {
    renderRoute('/kits/notAllowed', { signedInAs: {} });
    expect(screen.getByRole('alert')).toHaveTextContent(REPORT_NOT_PERMITTED);
  });

  it('lists the kits given to others in their tab', async () => {
    const { user } = renderRoute('/kits', { signedInAs: {} });
    await user.click(screen.getByRole('tab', { name: 'Kits Given to Others' }));
    const panel = screen.getByRole('tabpanel', { name: 'Kits Given to Others' });
    expect(await within(panel).findByText('sam@example.com')).toBeVisible();
    expect(within(panel).getByRole('button', { name: 'Send again' })).toBeVisible();
  });

  it.each([
    ['the redeem dialog', () => screen.getByRole('button', { name: 'Redeem a voucher' })],
    [
      'the Select option dialog',
      () => within(card('Spare kit')).getByRole('button', { name: 'Select option' }),
    ],
  ])('opens %s and closes it again', async (_, opener) => {
    const { user } = renderRoute('/kits', { signedInAs: {} });
    await screen.findByRole('article', { name: 'Results in' });
    await user.click(opener());
    expect(await screen.findByRole('dialog')).toBeVisible();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    ['Send this kit to me now', 'Send this kit to me now'],
    ['Give this kit to someone', 'Give a kit to someone'],
  ])('reopens the choice with Select option: %s leads to its dialog', async (choice, title) => {
    const { user } = renderRoute('/kits', { signedInAs: {} });
    const select = within(await screen.findByRole('article', { name: 'Spare kit' })).getByRole('button', {
      name: 'Select option',
    });
    await user.click(select);
    const dialog = await screen.findByRole('dialog', { name: 'Select option' });
    await user.click(within(dialog).getByRole('button', { name: choice }));
    expect(await screen.findByRole('dialog', { name: title })).toBeVisible();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(select).toHaveFocus();
  });

  it('opens the coach information from an opened card', async () => {
    const { user } = renderRoute('/kits', { signedInAs: {} });
    await user.click(
      within(await screen.findByRole('article', { name: 'Results in' })).getByRole('button', {
        name: 'Show details',
      }),
    );
    await user.click(within(card('Results in')).getByRole('button', { name: 'How to book' }));
    expect(await screen.findByRole('dialog')).toBeVisible();
  });
});
