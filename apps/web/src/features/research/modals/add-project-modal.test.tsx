import { encodeParticipantCode, KIT_MESSAGES, RESEARCH_MESSAGES, VOUCHER_REQUIRED } from '@portal/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RESEARCH_MODAL_TEXTS, RESEARCH_TEXTS } from '../../../components/research/research-texts.ts';
import { renderRoute } from '../../../test/render.tsx';
import {
  makeKit,
  makeProject,
  participant,
  researchConfig,
  stubApi,
  voucherOf,
} from '../research.test-helpers.ts';

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

  it("asks for the voucher when the code is the project's own, and joins with both", async () => {
    const project = makeProject({ logisticType: 'CLIENT_MANAGED' });
    const calls = stubApi({
      'GET /research/kits': { status: 200, body: [] },
      'POST /research/join': (call) =>
        (call.body as { voucher?: string }).voucher
          ? { status: 200, body: { researchProjectName: project.name, projectId: 7 } }
          : { status: 400, body: { message: RESEARCH_MESSAGES.invalidCode, code: VOUCHER_REQUIRED } },
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

    expect(await within(dialog).findByText(RESEARCH_MODAL_TEXTS.voucherToJoin)).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: RESEARCH_MODAL_TEXTS.yes })).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(RESEARCH_MODAL_TEXTS.voucher), 'ABCD-EFGH-JKLM');
    await user.click(within(dialog).getByRole('button', { name: RESEARCH_MODAL_TEXTS.proceed }));

    expect(
      await screen.findByRole('dialog', { name: KIT_MESSAGES.successRedeemed }, { timeout: 2000 }),
    ).toBeVisible();
    expect(calls.filter((c) => c.path === '/research/join').map((c) => c.body)).toEqual([
      { participantIdentifier: CODE, userId: participant.id ?? 'user-1' },
      { participantIdentifier: CODE, userId: participant.id ?? 'user-1', voucher: 'ABCD-EFGH-JKLM' },
    ]);
    expect(calls.find((c) => c.path === '/research/check-voucher')?.body).toEqual({
      voucher: 'ABCD-EFGH-JKLM',
      participantIdentifier: CODE,
    });
  });

  it('refuses the voucher step with the mismatch text when joining with the voucher fails', async () => {
    const project = makeProject({ logisticType: 'CLIENT_MANAGED' });
    const calls = stubApi({
      'GET /research/kits': { status: 200, body: [] },
      'POST /research/join': (call) =>
        (call.body as { voucher?: string }).voucher
          ? { status: 400, body: { message: RESEARCH_MESSAGES.mismatch, code: 'VALIDATION_FAILED' } }
          : { status: 400, body: { message: RESEARCH_MESSAGES.invalidCode, code: VOUCHER_REQUIRED } },
      'POST /research/check-voucher': { status: 200, body: voucherOf(project) },
    });
    const { user } = renderRoute('/kits', { config: researchConfig, signedInAs: participant });
    await user.click(await screen.findByRole('button', { name: RESEARCH_TEXTS.joinProject }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(RESEARCH_TEXTS.participantCode), CODE);
    await user.click(within(dialog).getByRole('button', { name: RESEARCH_MODAL_TEXTS.join }));
    await user.type(await within(dialog).findByLabelText(RESEARCH_MODAL_TEXTS.voucher), 'ABCD-EFGH-JKLM');
    await user.click(within(dialog).getByRole('button', { name: RESEARCH_MODAL_TEXTS.proceed }));
    expect(await within(dialog).findByText(RESEARCH_MESSAGES.mismatch)).toBeVisible();
    expect(calls.filter((c) => c.path === '/kits/redeem')).toHaveLength(0);
  });

  async function openJoin(join: Parameters<typeof stubApi>[0][string]) {
    const calls = stubApi({ 'GET /research/kits': { status: 200, body: [] }, 'POST /research/join': join });
    const view = renderRoute('/kits', { config: researchConfig, signedInAs: participant });
    await view.user.click(await screen.findByRole('button', { name: RESEARCH_TEXTS.joinProject }));
    const dialog = await screen.findByRole('dialog');
    await view.user.type(within(dialog).getByLabelText(RESEARCH_TEXTS.participantCode), CODE);
    return { ...view, calls, dialog };
  }

  it('says the code is not valid when joining fails, and offers it again', async () => {
    const { dialog, user } = await openJoin({
      status: 500,
      body: { message: 'Try again later.', code: 'INTERNAL' },
    });
    await user.click(within(dialog).getByRole('button', { name: RESEARCH_MODAL_TEXTS.join }));
    expect(await within(dialog).findByText(RESEARCH_MESSAGES.participantInvalid)).toBeVisible();
    expect(within(dialog).getByRole('button', { name: RESEARCH_MODAL_TEXTS.join })).toBeEnabled();
  });

  it('joins once for a double click', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { dialog, calls } = await openJoin(async () => {
      await held;
      return { status: 200, body: { researchProjectName: 'Gut study', projectId: 7 } };
    });
    const join = within(dialog).getByRole('button', { name: RESEARCH_MODAL_TEXTS.join });
    // Two clicks with nothing awaited between them: the second finds the button busy.
    fireEvent.click(join);
    fireEvent.click(join);
    await waitFor(() => expect(join).toBeDisabled());
    release();
    expect(await within(dialog).findByRole('button', { name: RESEARCH_MODAL_TEXTS.yes })).toBeVisible();
    expect(calls.filter((c) => c.path === '/research/join')).toHaveLength(1);
  });

  it('puts focus back on the voucher after a refused voucher, and Escape still closes the dialog', async () => {
    const calls = stubApi({
      'GET /research/kits': { status: 200, body: [] },
      'POST /research/join': { status: 200, body: { researchProjectName: 'Gut study', projectId: 7 } },
      'POST /research/check-voucher': {
        status: 404,
        body: { message: KIT_MESSAGES.invalidVoucher, code: 'NOT_FOUND' },
      },
    });
    const { user } = renderRoute('/kits', { config: researchConfig, signedInAs: participant });
    await user.click(await screen.findByRole('button', { name: RESEARCH_TEXTS.joinProject }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(RESEARCH_TEXTS.participantCode), CODE);
    await user.click(within(dialog).getByRole('button', { name: RESEARCH_MODAL_TEXTS.join }));
    await user.click(await within(dialog).findByRole('button', { name: RESEARCH_MODAL_TEXTS.yes }));
    const voucher = within(dialog).getByLabelText(RESEARCH_MODAL_TEXTS.voucher);
    await user.type(voucher, 'WRONG-CODE-1234');
    await user.click(within(dialog).getByRole('button', { name: RESEARCH_MODAL_TEXTS.proceed }));
    expect(await within(dialog).findByText(KIT_MESSAGES.invalidVoucher)).toBeVisible();
    await waitFor(() => expect(voucher).toHaveFocus());
    expect(voucher).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.path === '/research/check-voucher')).toHaveLength(1);
    // Focus lost to the page (a click outside, a screen reader's cursor): Escape still closes.
    (document.activeElement as HTMLElement | null)?.blur();
    expect(document.body).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
