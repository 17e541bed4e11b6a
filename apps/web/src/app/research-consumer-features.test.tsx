import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ORDER_TEXTS } from '../components/orders/orders-texts.ts';
import { REPORT_TEXTS } from '../features/reports/report-texts.ts';
import { endSession } from '../lib/session.ts';
import { stubApi } from '../test/kits.tsx';
import { completeProfile, renderRoute } from '../test/render.tsx';

/**
 * Research §2 lists which consumer features a participant meets: the report page's two actions, and the
 * Coach page (research §1: booking through it) without its subscription.
 */
const adult = { ...completeProfile, userType: 'RESEARCH' as const };
const minor = {
  ...adult,
  dateOfBirth: '2012-01-01',
  underAge: true,
  parentConsented: true,
  guardianFirstName: 'Pat',
  guardianLastName: 'Tester',
};
const research = { appType: 'RESEARCH' } as const;

beforeEach(() => {
  endSession(null);
  stubApi({
    'GET /research/kits': { status: 200, body: [] },
    'GET /kits': { status: 200, body: [] },
    'GET /reports': { status: 200, body: [] },
    'GET /subscriptions/me': { status: 200, body: null },
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('consumer features on the research portal', () => {
  it.each([
    ['an adult', adult],
    ['a minor', minor],
  ])(
    'opens the Coach page for %s, where the call is booked (research §1), with no subscription',
    async (_who, person) => {
      const { location } = renderRoute('/coach', { signedInAs: person, config: research });
      expect(await screen.findByRole('heading', { level: 1, name: 'Microbiome Coach' })).toBeVisible();
      expect(location().pathname).toBe('/coach');
      expect(screen.queryByRole('button', { name: ORDER_TEXTS.manageSubscription })).toBeNull();
    },
  );

  it('keeps /coach on the customer portal', async () => {
    const { location } = renderRoute('/coach', { signedInAs: completeProfile });
    expect(location().pathname).toBe('/coach');
  });

  it.each([
    ['an adult', adult],
    ['a minor', minor],
  ])('offers %s no subscription on My Profile', async (_who, person) => {
    renderRoute('/profile', { signedInAs: person, config: research });
    expect(await screen.findByRole('button', { name: 'Save changes' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: ORDER_TEXTS.subscriptionTitle })).toBeNull();
    expect(screen.queryByRole('button', { name: ORDER_TEXTS.startSubscription })).toBeNull();
  });

  it("keeps the report page's two actions, as research §2 lists them", async () => {
    renderRoute('/report', { signedInAs: adult, config: research });
    expect(await screen.findByRole('button', { name: REPORT_TEXTS.orderKit })).toBeVisible();
    expect(screen.getByRole('button', { name: REPORT_TEXTS.activateSubscription })).toBeVisible();
  });
});
