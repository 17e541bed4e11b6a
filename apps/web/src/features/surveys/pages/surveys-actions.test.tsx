import type { Kit } from '@portal/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ORDER_TEXTS } from '../../../components/orders/orders-texts.ts';
import { endSession } from '../../../lib/session.ts';
import { makeKit, stubApi } from '../../../test/kits.tsx';
import { completeProfile, renderRoute } from '../../../test/render.tsx';
import { SURVEY_TEXTS } from '../survey-texts.ts';

const study = { id: 7, name: 'Gut study', logisticType: 'LAB_MANAGED', resultDeliveryType: 'PORTAL' };
const unsent = makeKit({ id: 60, name: 'Spare kit', kitStatus: 'ASSIGNED' });
const failed = makeKit({
  id: 61,
  name: 'Failed sample',
  kitStatus: 'RECEIVED_BY_LAB',
  sampleStatus: 'FAILED_OVERLOADED',
  activatedDate: '2025-01-01T00:00:00.000Z',
});
const atLab = makeKit({
  id: 62,
  name: 'At the lab',
  kitStatus: 'RECEIVED_BY_LAB',
  sampleStatus: 'RECEIVED_BY_LAB',
});

function show(kits: Kit[], research: boolean) {
  stubApi({
    'GET /kits': { status: 200, body: kits },
    'GET /kits/sent': { status: 200, body: [] },
    'GET /subscriptions/me': { status: 200, body: null },
  });
  return renderRoute('/surveys', {
    signedInAs: { ...completeProfile, userType: research ? 'RESEARCH' : 'CONSUMER' },
    config: research ? { appType: 'RESEARCH' } : {},
  });
}

beforeEach(() => endSession(null));
afterEach(() => vi.unstubAllGlobals());

describe.each([
  ['customer', false],
  ['research', true],
])(
  'the questionnaires list of the %s portal offers the kit actions where each applies',
  (_portal, research) => {
    const kits = (
      research ? [unsent, failed, atLab].map((kit) => ({ ...kit, project: study })) : [unsent, failed, atLab]
    ) as Kit[];

    it('activates a kit from the list', async () => {
      const { user } = show(kits, research);
      await user.click(await screen.findByRole('button', { name: SURVEY_TEXTS.activateKit }));
      expect(await screen.findByRole('dialog')).toBeVisible();
    });

    it('sends or gives a kit not sent yet, which has no questionnaires of its own', async () => {
      const { user } = show(kits, research);
      const unsentBlock = await screen.findByRole('region', { name: SURVEY_TEXTS.unsentTitle });
      expect(within(unsentBlock).getByText(/Spare kit/)).toBeVisible();
      expect(screen.queryByRole('article', { name: 'Spare kit' })).toBeNull();
      await user.click(within(unsentBlock).getByRole('button', { name: 'Give this kit to someone' }));
      expect(await screen.findByRole('dialog', { name: 'Give a kit to someone' })).toBeVisible();
      await user.click(screen.getByRole('button', { name: /Close/ }));
      await user.click(within(unsentBlock).getByRole('button', { name: 'Send this kit to me now' }));
      expect(await screen.findByRole('dialog', { name: 'Send this kit to me now' })).toBeVisible();
    });

    it('orders a replacement only for a kit whose failed sample allows one', async () => {
      const { user } = show(kits, research);
      const failedKit = await screen.findByRole('article', { name: 'Failed sample' });
      expect(
        within(screen.getByRole('article', { name: 'At the lab' })).queryByRole('button', {
          name: /Order a replacement kit/,
        }),
      ).toBeNull();
      await user.click(within(failedKit).getByRole('button', { name: /Order a replacement kit/ }));
      expect(await screen.findByRole('dialog', { name: ORDER_TEXTS.replacementTitle })).toBeVisible();
    });
  },
);
