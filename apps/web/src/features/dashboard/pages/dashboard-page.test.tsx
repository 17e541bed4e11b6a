import { DASHBOARD_TEXTS, type Kit } from '@portal/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KITS_TEXTS } from '../../../components/kits/kit-texts.ts';
import { completeProfile, renderRoute, testConfig } from '../../../test/render.tsx';
import { EMPTY_ACTIONS } from '../components/notifications-card.tsx';

let kits: Kit[];

function kit(
  id: number,
  kitStatus: string,
  sampleStatus: string | null = null,
  name: string | null = null,
): Kit {
  return {
    id,
    kitId: id,
    hashedId: `h${id}`,
    name,
    notes: null,
    kitStatus,
    sampleStatus,
    sampleIdentifier: `MB${id}`,
    voucherCode: null,
    referralCode: null,
    referralName: null,
    redeemedDate: null,
    activatedDate: null,
    displayDate: null,
    reportReceived: false,
    surveyResultId: null,
    replacedByKitId: null,
    surveysStats: [],
    project: { id: 1, name: 'Consumer', logisticType: 'LAB_MANAGED', resultDeliveryType: 'PORTAL' },
    exerciseSurveyEnabled: true,
    foodSurveyEnabled: true,
    medicalSurveyEnabled: true,
    mentalSurveyEnabled: true,
    samplingSurveyEnabled: true,
    givingAllowed: true,
  };
}

beforeEach(() => {
  kits = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const found = String(input) === '/api/kits';
      return new Response(JSON.stringify(found ? kits : { message: 'Not found', code: 'NOT_FOUND' }), {
        status: found ? 200 : 404,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const notifications = async () => within(await screen.findByRole('region', { name: 'Notifications' }));
const summary = () => within(screen.getByRole('region', { name: 'Your kits at a glance' }));

describe('DashboardPage', () => {
  it('says there are no notifications and no kits when the person has none', async () => {
    renderRoute('/dashboard', { signedInAs: completeProfile });
    const card = await notifications();
    expect(card.getByText(DASHBOARD_TEXTS.noNotifications)).toBeVisible();
    expect(summary().getByText(DASHBOARD_TEXTS.noKits)).toBeVisible();
  });

  it('offers the next step beside each empty state: activate a kit, or order the first one', async () => {
    const { user, location } = renderRoute('/dashboard', { signedInAs: completeProfile });
    const card = await notifications();
    await user.click(card.getByRole('link', { name: KITS_TEXTS.activateKit }));
    expect(location().search).toBe('?showModal=REDEEM');
    expect(await screen.findByRole('dialog')).toBeVisible();
    await user.keyboard('{Escape}');
    await user.click(summary().getByRole('button', { name: EMPTY_ACTIONS.order }));
    expect(await screen.findByRole('dialog', { name: 'Buy a kit' })).toBeVisible();
  });

  it('orders the notifications by sample status, then kit status, and shows at most four', async () => {
    kits = [
      kit(1, 'ASSIGNED'),
      kit(2, 'REQUESTED'),
      kit(3, 'DISPATCHED_BY_LAB'),
      kit(4, 'RECEIVED_BY_LAB', 'RECEIVED_BY_LAB', 'Mum'),
      kit(5, 'RESULTS_AVAILABLE', 'RESULTS_AVAILABLE'),
      kit(6, 'RECEIVED_BY_CUSTOMER'),
      kit(7, 'REFUNDED', 'RECEIVED_BY_LAB'),
    ];
    renderRoute('/dashboard', { signedInAs: completeProfile });
    const card = await notifications();
    const items = await card.findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'KIT-5Results Availableview KIT-5',
      'MumSample received by labview Mum',
      'KIT-6Receivedview KIT-6',
      'KIT-3Sentview KIT-3',
    ]);
    expect(card.getByRole('link', { name: 'view KIT-5' })).toHaveAttribute('href', '/report?samples=MB5');
    expect(card.getByRole('link', { name: 'view Mum' })).toHaveAttribute(
      'href',
      '/kits?scrollingPosition=kit-4',
    );
  });

  it('links results a study keeps (NO_DELIVERY) to the kit, not to a report', async () => {
    const withheld = kit(8, 'RESULTS_AVAILABLE', 'RESULTS_AVAILABLE');
    kits = [{ ...withheld, project: { ...withheld.project, resultDeliveryType: 'NO_DELIVERY' } }];
    renderRoute('/dashboard', { signedInAs: completeProfile });
    const card = await notifications();
    expect(await card.findByRole('link', { name: 'view KIT-8' })).toHaveAttribute(
      'href',
      '/kits?scrollingPosition=kit-8',
    );
  });

  it('puts the brand name into a status that names it', async () => {
    kits = [kit(1, 'RECEIVED_BY_LAB')];
    renderRoute('/dashboard', { signedInAs: completeProfile });
    const card = await notifications();
    expect(await card.findByText(`Received by ${testConfig.brandName}`)).toBeVisible();
  });

  it('counts activated kits, reports and coach sessions out of the valid kits', async () => {
    kits = [
      kit(1, 'UNASSIGNED'),
      kit(2, 'REQUESTED'),
      kit(3, 'RESULTS_AVAILABLE', 'RESULTS_AVAILABLE'),
      kit(4, 'MICROBIOME_COACH_SESSION_COMPLETED', 'MICROBIOME_COACH_SESSION_COMPLETED'),
      kit(5, 'INVALIDATED'),
    ];
    renderRoute('/dashboard', { signedInAs: completeProfile });
    await notifications();
    const counts = Object.fromEntries(
      (await summary().findAllByRole('term')).map((term) => [
        term.textContent,
        term.nextElementSibling?.textContent,
      ]),
    );
    expect(counts).toEqual({
      'Activated kits': '3 of 4',
      'Reports received': '2 of 4',
      'Coach sessions': '1 of 4',
    });
  });

  it('explains coach booking with the support phone number', async () => {
    const { user } = renderRoute('/dashboard', { signedInAs: completeProfile });
    await notifications();
    await user.click(screen.getByRole('button', { name: 'How to book a coach session' }));
    const dialog = screen.getByRole('dialog', { name: 'How to book your Microbiome Coach session' });
    expect(within(dialog).getByRole('link', { name: testConfig.supportPhone })).toHaveAttribute(
      'href',
      'tel:1300974621',
    );
    expect(within(dialog).getByText(/more than 85% completion/i)).toBeVisible();
  });
});
