import { KIT_MESSAGES } from '@portal/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUserQueryKey } from '../../lib/current-user.ts';
import { type ApiCall, makeKit, renderKits, stubApi } from '../../test/kits.tsx';
import { completeProfile, testUser } from '../../test/render.tsx';
import { ResearchActivateModal } from '../research/research-activate-modal.tsx';
import { ResearchRedeemModal } from '../research/research-redeem-modal.tsx';
import { ActivateKitModal } from './activate-modal.tsx';
import { RedeemModal } from './redeem-modal.tsx';

// The unhappy paths of the kit dialogs' forms (issue 22): a refused request shows the server's message,
// and a double click sends one request, the button busy from the click on.

const ME = { status: 200, body: { ...testUser, ...completeProfile } };

/** The API as the dialogs find it: the person's profile and their (no) kits, then the routes given. */
const stub = (routes: Parameters<typeof stubApi>[0]) =>
  stubApi({
    'GET /users/me': ME,
    'GET /kits': { status: 200, body: [] },
    // A redeem reissues the access token.
    'POST /auth/refresh': {
      status: 200,
      body: { access_token: 'fresh', refresh_token: '', expires_in: 3600, user_id: testUser.id },
    },
    ...routes,
  });

/** Renders a dialog signed in, the person's profile (with an address) already loaded. */
function renderSignedIn(ui: ReactNode) {
  const view = renderKits(ui);
  act(() => view.queryClient.setQueryData(currentUserQueryKey(testUser.id), ME.body));
  return view;
}

/** The dialog once the profile has loaded: the loading dialog before it is another element. */
async function loaded(name: string) {
  await waitFor(() => expect(screen.queryByText('Loading…')).not.toBeInTheDocument());
  return screen.getByRole('dialog', { name });
}
const KIT = makeKit({ id: 7, kitStatus: 'ASSIGNED' });
const STUDY_VOUCHER = {
  id: 3,
  name: 'Gut study',
  contactName: null,
  phone: null,
  email: null,
  logisticType: 'LAB_MANAGED',
  resultDeliveryType: 'PORTAL',
  exerciseSurveyEnabled: true,
  foodSurveyEnabled: true,
  medicalSurveyEnabled: true,
  mentalSurveyEnabled: true,
  samplingSurveyEnabled: true,
  infantDemographicAndMilkFeedingEnabled: false,
  infantDayOfSamplingEnabled: false,
  infantMedicalHistoryEnabled: false,
  kitId: 7,
  kitStatus: 'UNASSIGNED',
  researchProjectName: 'Gut study',
  researchProjectLogisticsType: 'CLIENT_MANAGED',
};

/** A reply that waits for release(): the request is under way until then. */
function held(reply: { status: number; body?: unknown }) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const route = async () => {
    await gate;
    return reply;
  };
  return { route, release: () => release() };
}

/**
 * Two clicks in one go, nothing awaited between them: React renders after the first, so the second
 * finds the button busy only if it is busy from the click on (not from when the request starts).
 */
function clickTwice(button: HTMLElement) {
  fireEvent.click(button);
  fireEvent.click(button);
}

const refused = { status: 409, body: { message: 'This kit cannot be sent now.', code: 'CONFLICT' } };
const sent = (calls: ApiCall[], path: string) => calls.filter((c) => c.method === 'POST' && c.path === path);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ActivateKitModal', () => {
  it("shows the server's message when sending fails, and offers it again", async () => {
    stub({ 'POST /kits/7/activate': refused });
    const { user } = renderSignedIn(<ActivateKitModal kit={KIT} open onClose={() => {}} />);
    const dialog = await loaded('Send this kit to me now');
    await user.click(await within(dialog).findByRole('button', { name: 'Send now' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This kit cannot be sent now.');
    expect(within(dialog).getByRole('button', { name: 'Send now' })).toBeEnabled();
  });

  it('sends once for a double click', async () => {
    const reply = held({ status: 200, body: { ...KIT, kitStatus: 'REQUESTED' } });
    const calls = stub({
      'POST /kits/7/activate': reply.route,
      'GET /kits': { status: 200, body: [] },
    });
    renderSignedIn(<ActivateKitModal kit={KIT} open onClose={() => {}} />);
    const dialog = await loaded('Send this kit to me now');
    const button = await within(dialog).findByRole('button', { name: 'Send now' });
    clickTwice(button);
    await waitFor(() => expect(button).toBeDisabled());
    reply.release();
    expect(await screen.findByRole('dialog', { name: KIT_MESSAGES.successActivated })).toBeVisible();
    expect(sent(calls, '/kits/7/activate')).toHaveLength(1);
  });
});

describe('RedeemModal', () => {
  it('checks the voucher once for a double click on Proceed', async () => {
    const reply = held({
      status: 200,
      body: {
        id: 7,
        kitId: 7,
        kitStatus: 'UNASSIGNED',
        projectId: 1,
        name: 'Consumer',
        logisticType: 'LAB_MANAGED',
        ownedByYou: false,
      },
    });
    const calls = stub({
      'GET /kits': { status: 200, body: [] },
      'POST /kits/check-voucher': reply.route,
      'POST /kits/redeem': { status: 200, body: KIT },
    });
    const { user } = renderSignedIn(<RedeemModal open onClose={() => {}} initialVoucher="AAAA-BBBB-CCCC" />);
    const dialog = await loaded('Redeem a voucher');
    await user.click(within(dialog).getByRole('button', { name: 'Send later' }));
    const proceed = within(dialog).getByRole('button', { name: 'Proceed' });
    clickTwice(proceed);
    await waitFor(() => expect(proceed).toBeDisabled());
    reply.release();
    expect(await screen.findByRole('dialog', { name: KIT_MESSAGES.successRedeemed })).toBeVisible();
    expect(sent(calls, '/kits/check-voucher')).toHaveLength(1);
    expect(sent(calls, '/kits/redeem')).toHaveLength(1);
  });
});

describe('ResearchRedeemModal (claiming a study kit)', () => {
  async function openVoucher(routes: Parameters<typeof stubApi>[0]) {
    const calls = stub({ 'GET /kits': { status: 200, body: [] }, ...routes });
    const view = renderSignedIn(<ResearchRedeemModal open onClose={() => {}} />);
    const dialog = await loaded('Activate a new kit');
    await view.user.click(within(dialog).getByRole('button', { name: 'Enter my voucher code' }));
    await view.user.type(within(dialog).getByLabelText('Voucher code'), 'STUDY-1234');
    return { ...view, calls, dialog };
  }

  it("shows the server's message when the voucher check fails", async () => {
    const { dialog, user } = await openVoucher({
      'POST /research/check-voucher': {
        status: 409,
        body: { message: 'This voucher is on hold.', code: 'CONFLICT' },
      },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Proceed' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This voucher is on hold.');
    expect(within(dialog).getByRole('button', { name: 'Proceed' })).toBeEnabled();
  });

  it('checks the voucher once for a double click', async () => {
    const reply = held({ status: 200, body: STUDY_VOUCHER });
    const { dialog, calls } = await openVoucher({ 'POST /research/check-voucher': reply.route });
    const proceed = within(dialog).getByRole('button', { name: 'Proceed' });
    clickTwice(proceed);
    await waitFor(() => expect(proceed).toBeDisabled());
    reply.release();
    expect(await within(dialog).findByRole('button', { name: 'Yes, claim this kit' })).toBeVisible();
    expect(sent(calls, '/research/check-voucher')).toHaveLength(1);
  });
});

describe('ResearchActivateModal', () => {
  it('closes without a message when sending fails, and reloads the kits (research §8)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const onClose = vi.fn();
    const calls = stub({ 'POST /kits/7/activate': refused });
    const { user } = renderSignedIn(
      <ResearchActivateModal target={{ kitId: 7, name: 'Gut kit' }} onClose={onClose} />,
    );
    const dialog = await loaded('Send this kit to me now');
    await user.click(await within(dialog).findByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(sent(calls, '/kits/7/activate')).toHaveLength(1);
  });

  it('sends once for a double click', async () => {
    const reply = held({ status: 200, body: { ...KIT, kitStatus: 'REQUESTED' } });
    const calls = stub({ 'POST /kits/7/activate': reply.route });
    renderSignedIn(<ResearchActivateModal target={{ kitId: 7, name: 'Gut kit' }} onClose={() => {}} />);
    const dialog = await loaded('Send this kit to me now');
    const proceed = await within(dialog).findByRole('button', { name: 'Proceed' });
    clickTwice(proceed);
    await waitFor(() => expect(proceed).toBeDisabled());
    reply.release();
    expect(await screen.findByRole('dialog', { name: KIT_MESSAGES.successActivated })).toBeVisible();
    expect(sent(calls, '/kits/7/activate')).toHaveLength(1);
  });
});
