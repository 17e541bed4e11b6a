import { encodeParticipantCode, KIT_MESSAGES } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test/render.tsx';
import {
  makeKit,
  makeProject,
  participant,
  researchConfig,
  stubApi,
  voucherOf,
} from '../research.test-helpers.ts';
import { RESEARCH_MODAL_TEXTS, RESEARCH_TEXTS } from '../research-texts.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const CODE = encodeParticipantCode(7);

describe('Add a new project, then claim a kit', () => {
  it('redeems the voucher of a study-run project on the first Proceed', async () => {
    const project = makeProject({ logisticType: 'CLIENT_MANAGED' });
    const calls = stubApi({
      'GET /research/kits': { status: 200, body: [] },
      'POST /research/join': { status: 200, body: { researchProjectName: project.name, projectId: 7 } },
      'POST /research/check-voucher': { status: 200, body: voucherOf(project) },
      'POST /kits/redeem': { status: 200, body: makeKit({ id: 301, kitStatus: 'REDEEMED' }) },
      'POST /auth/refresh': {
        status: 200,
        body: { access_token: 'fresh', refresh_token: '', expires_in: 3600, user_id: 'user-1' },
      },
    });
    const { user } = renderRoute('/kits', { config: researchConfig, signedInAs: participant });
    await user.click(await screen.findByRole('button', { name: RESEARCH_TEXTS.joinProject }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(RESEARCH_TEXTS.participantCode), CODE);
    await user.click(within(dialog).getByRole('button', { name: RESEARCH_MODAL_TEXTS.join }));
    await user.click(await within(dialog).findByRole('button', { name: RESEARCH_MODAL_TEXTS.yes }));
    await user.type(within(dialog).getByLabelText(RESEARCH_MODAL_TEXTS.voucher), 'ABCD-EFGH-JKLM');
    await user.click(within(dialog).getByRole('button', { name: RESEARCH_MODAL_TEXTS.proceed }));

    expect(
      await screen.findByRole('dialog', { name: KIT_MESSAGES.successRedeemed }, { timeout: 2000 }),
    ).toBeVisible();
    expect(screen.getByText(RESEARCH_MODAL_TEXTS.handedOut)).toBeVisible();
    await waitFor(() => expect(calls.filter((c) => c.path === '/kits/redeem')).toHaveLength(1));
    expect(calls.filter((c) => c.path === '/research/check-voucher')).toHaveLength(1);
    expect(calls.find((c) => c.path === '/kits/redeem')?.body).toEqual({
      kitId: 301,
      voucher: 'ABCD-EFGH-JKLM',
      activate: false,
    });
  });
});
