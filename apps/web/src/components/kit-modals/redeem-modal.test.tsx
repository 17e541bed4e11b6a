import { DEPENDANT_TEXTS, KIT_MESSAGES } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { completeProfile, renderRoute, testUser } from '../../test/render.tsx';
import { KIT_MODAL_TEXTS } from './kit-modal-texts.ts';

type Call = { method: string; path: string; body: unknown };
type Reply = { status: number; body: unknown };

const PROFILE_ADDRESS = {
  addressLine1: '1 Queen St',
  suburb: 'Brisbane City',
  state: 'QLD',
  postcode: '4000',
};
const LOOKUP = {
  id: 7,
  kitId: 7,
  kitStatus: 'UNASSIGNED',
  projectId: 1,
  name: 'Consumer',
  logisticType: 'LAB_MANAGED',
  ownedByYou: false,
};
const KIT = {
  id: 7,
  kitId: 7,
  hashedId: 'h7',
  name: null,
  notes: null,
  kitStatus: 'ASSIGNED',
  sampleStatus: null,
  sampleIdentifier: 'MB7',
  voucherCode: 'AAAA-BBBB-CCCC',
  referralCode: null,
  referralName: null,
  redeemedDate: null,
  activatedDate: null,
  displayDate: null,
  reportReceived: false,
  surveyResultId: null,
  replacedByKitId: null,
  surveysStats: [],
  project: { id: 1, name: 'Consumer', logisticType: 'LAB_MANAGED', resultDeliveryType: null },
  exerciseSurveyEnabled: true,
  foodSurveyEnabled: true,
  medicalSurveyEnabled: true,
  mentalSurveyEnabled: true,
  samplingSurveyEnabled: true,
  givingAllowed: true,
};

let calls: Call[];
let replies: Record<string, (call: Call) => Reply>;

beforeEach(() => {
  calls = [];
  replies = {
    'GET /api/kits': () => ({ status: 200, body: [] }),
    'POST /api/kits/check-voucher': () => ({ status: 200, body: LOOKUP }),
    'POST /api/kits/redeem': () => ({ status: 200, body: KIT }),
    'POST /api/kits/7/activate': () => ({ status: 200, body: { ...KIT, kitStatus: 'REQUESTED' } }),
    'POST /api/auth/refresh': () => ({
      status: 200,
      body: { access_token: 'fresh', refresh_token: '', expires_in: 3600, user_id: 'user-1' },
    }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = String(input).split('?')[0] ?? '';
      const call = { method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      const reply = replies[`${method} ${path}`]?.(call) ?? {
        status: 404,
        body: { message: 'Not found', code: 'NOT_FOUND' },
      };
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const posts = () => calls.filter((c) => c.method === 'POST' && c.path !== '/api/auth/refresh');

/** From the dashboard, as the gift email's link opens it (the dashboard needs a complete profile). */
async function openRedeem(signedInAs: object = {}, query = '') {
  const rendered = renderRoute(`/dashboard?showModal=REDEEM${query}`, {
    signedInAs: { ...completeProfile, ...signedInAs },
  });
  const dialog = await screen.findByRole('dialog', { name: 'Redeem a voucher' });
  return { ...rendered, dialog };
}

/** From My Kits, which a customer without an address in the profile can reach too. */
async function openRedeemWithoutAddress() {
  const rendered = renderRoute('/kits', { signedInAs: {} });
  await rendered.user.click(await screen.findByRole('button', { name: 'Redeem a voucher' }));
  const dialog = await screen.findByRole('dialog', { name: 'Redeem a voucher' });
  return { ...rendered, dialog };
}

const optionNames = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('listitem')
    .map((item) => within(item).getByRole('button').textContent);

describe('RedeemModal', () => {
  it('offers the child or dependant option only to an adult who is not a guardian', async () => {
    const adult = await openRedeem();
    expect(optionNames(adult.dialog)).toEqual([
      'Send now',
      'Send later',
      'For my child or dependant',
      'Give to someone else',
    ]);
    adult.unmount();
    const guardian = await openRedeem({ guardian: true });
    expect(optionNames(guardian.dialog)).toEqual(['Send now', 'Send later', 'Give to someone else']);
    guardian.unmount();
    const minor = await openRedeem({ underAge: true, guardianFirstName: 'Pat', guardianLastName: 'Tester' });
    expect(optionNames(minor.dialog)).toEqual(['Send now', 'Send later', 'Give to someone else']);
  });

  it('keeps Proceed disabled until the voucher and a valid address are given, then sends the kit', async () => {
    const { dialog, user } = await openRedeemWithoutAddress();
    await user.click(within(dialog).getByRole('button', { name: 'Send now' }));
    const proceed = within(dialog).getByRole('button', { name: 'Proceed' });
    expect(proceed).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Voucher code'), 'aaaa-bbbb-cccc');
    expect(proceed).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Address line 1'), '1 Queen St');
    await user.type(within(dialog).getByLabelText('Suburb'), 'Brisbane City');
    await user.selectOptions(within(dialog).getByLabelText('State'), 'QLD');
    await user.type(within(dialog).getByLabelText('Postcode'), '40');
    expect(proceed).toBeDisabled();
    await user.tab();
    expect(within(dialog).getByText('The postcode must be exactly 4 digits.')).toBeVisible();
    await user.type(within(dialog).getByLabelText('Postcode'), '00');
    expect(proceed).toBeEnabled();
    await user.click(proceed);
    expect(await screen.findByRole('dialog', { name: KIT_MESSAGES.successActivated })).toBeVisible();
    expect(screen.getByText(KIT_MODAL_TEXTS.deliveryTime)).toBeVisible();
    expect(posts().map((c) => [c.path, c.body])).toEqual([
      ['/api/kits/check-voucher', { voucher: 'aaaa-bbbb-cccc' }],
      [
        '/api/kits/redeem',
        {
          kitId: 7,
          voucher: 'aaaa-bbbb-cccc',
          activate: true,
          addressLine1: '1 Queen St',
          addressLine2: null,
          suburb: 'Brisbane City',
          state: 'QLD',
          postcode: '4000',
          gnafId: null,
        },
      ],
    ]);
  });

  it('fills the address from the finder; Escape closes the suggestions, not the dialog', async () => {
    replies['GET /api/addresses'] = () => ({
      status: 200,
      body: [
        {
          address_line_1: '10 Queen St',
          address_line_2: null,
          locality_name: 'Brisbane City',
          state_territory: 'QLD',
          postcode: '4000',
          gnaf_id: 'GAQLD10',
          full_address: '10 Queen St, Brisbane City QLD 4000',
        },
      ],
    });
    const { dialog, user } = await openRedeemWithoutAddress();
    await user.click(within(dialog).getByRole('button', { name: 'Send now' }));
    await user.type(within(dialog).getByLabelText('Voucher code'), 'AAAABBBBCCCC');
    await user.type(within(dialog).getByRole('combobox', { name: 'Find your address' }), 'queen st');
    const option = await within(dialog).findByRole('option', { name: '10 Queen St, Brisbane City QLD 4000' });
    await user.keyboard('{Escape}');
    expect(option).not.toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Redeem a voucher' })).toBeVisible();
    await user.type(within(dialog).getByRole('combobox', { name: 'Find your address' }), ' ');
    await user.click(await within(dialog).findByRole('option', { name: /10 Queen St/ }));
    expect(within(dialog).getByLabelText('Postcode')).toHaveValue('4000');
    await user.click(within(dialog).getByRole('button', { name: 'Proceed' }));
    expect(await screen.findByRole('dialog', { name: KIT_MESSAGES.successActivated })).toBeVisible();
    expect(posts().at(-1)?.body).toMatchObject({ addressLine1: '10 Queen St', gnafId: 'GAQLD10' });
  });

  it('redeems without sending for Send later, the voucher prefilled from the link', async () => {
    const { dialog, user, location } = await openRedeem({}, '&voucher=AAAA-BBBB-CCCC');
    await user.click(within(dialog).getByRole('button', { name: 'Send later' }));
    expect(within(dialog).getByLabelText('Voucher code')).toHaveValue('AAAA-BBBB-CCCC');
    expect(within(dialog).queryByLabelText('Address line 1')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Proceed' }));
    const success = await screen.findByRole('dialog', { name: KIT_MESSAGES.successRedeemed });
    expect(within(success).getByText(KIT_MESSAGES.sendLater)).toBeVisible();
    expect(posts().at(-1)?.body).toEqual({ kitId: 7, voucher: 'AAAA-BBBB-CCCC', activate: false });
    await user.click(within(success).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(location().search).toBe('');
  });

  it('shows the invalid voucher text when the voucher is unknown', async () => {
    replies['POST /api/kits/check-voucher'] = () => ({
      status: 404,
      body: { message: 'Not found', code: 'NOT_FOUND' },
    });
    const { dialog, user } = await openRedeem();
    await user.click(within(dialog).getByRole('button', { name: 'Send later' }));
    await user.type(within(dialog).getByLabelText('Voucher code'), 'NOPE');
    await user.click(within(dialog).getByRole('button', { name: 'Proceed' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(KIT_MESSAGES.invalidVoucher);
    expect(posts().map((c) => c.path)).toEqual(['/api/kits/check-voucher']);
  });

  it("shows the server's message when redeeming fails", async () => {
    replies['POST /api/kits/redeem'] = () => ({
      status: 409,
      body: { message: KIT_MESSAGES.clientManaged, code: 'CONFLICT' },
    });
    const { dialog, user } = await openRedeem(PROFILE_ADDRESS);
    await user.click(within(dialog).getByRole('button', { name: 'Send now' }));
    expect(within(dialog).getByLabelText('Address line 1')).toHaveValue('1 Queen St');
    await user.type(within(dialog).getByLabelText('Voucher code'), 'AAAABBBBCCCC');
    await user.click(within(dialog).getByRole('button', { name: 'Proceed' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(KIT_MESSAGES.clientManaged);
  });

  it('leads the child option of an adult account holding kits through the reminder to the reject step', async () => {
    replies['GET /api/kits'] = () => ({ status: 200, body: [KIT] });
    const { dialog, user } = await openRedeem();
    await user.click(within(dialog).getByRole('button', { name: 'For my child or dependant' }));
    expect(within(dialog).getByText(KIT_MODAL_TEXTS.childReminder[1])).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText(KIT_MESSAGES.rejectGuardian)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posts()).toEqual([]);
  });

  it('leads the child option of an adult account without kits to the voucher, then the address step', async () => {
    // The redeem makes this account the dependant's guardian account; the person is read again.
    replies['GET /api/users/me'] = () => ({
      status: 200,
      body: { ...testUser, ...completeProfile, ...PROFILE_ADDRESS, guardian: true },
    });
    const { dialog, user } = await openRedeem(PROFILE_ADDRESS);
    await user.click(within(dialog).getByRole('button', { name: 'For my child or dependant' }));
    expect(within(dialog).getByText(KIT_MODAL_TEXTS.childReminder[0])).toBeVisible();
    await user.click(await within(dialog).findByRole('button', { name: 'Continue' }));
    // Whose account this becomes (issue 33 item 23).
    await user.click(within(dialog).getByLabelText(DEPENDANT_TEXTS.yes));
    await user.type(within(dialog).getByLabelText(DEPENDANT_TEXTS.firstName), 'Dana');
    await user.type(within(dialog).getByLabelText(DEPENDANT_TEXTS.lastName), 'Child');
    await user.type(within(dialog).getByLabelText(DEPENDANT_TEXTS.dateOfBirth), '01/06/2015');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.type(within(dialog).getByLabelText('Voucher code'), 'AAAA-BBBB-CCCC');
    await user.click(within(dialog).getByRole('button', { name: 'Proceed' }));
    expect(
      await within(dialog).findByRole('heading', { name: KIT_MODAL_TEXTS.dependantAddress }),
    ).toBeVisible();
    expect(within(dialog).queryByText(KIT_MESSAGES.alreadyRedeemed)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send now' }));
    expect(await screen.findByRole('dialog', { name: KIT_MESSAGES.successActivated })).toBeVisible();
    expect(posts().map((c) => [c.path, c.body])).toEqual([
      ['/api/kits/check-voucher', { voucher: 'AAAA-BBBB-CCCC' }],
      [
        '/api/kits/redeem',
        {
          kitId: 7,
          voucher: 'AAAA-BBBB-CCCC',
          activate: false,
          forDependant: true,
          dependant: { firstName: 'Dana', lastName: 'Child', dateOfBirth: '2015-06-01' },
        },
      ],
      ['/api/kits/7/activate', expect.objectContaining({ addressLine1: '1 Queen St', postcode: '4000' })],
    ]);
  });

  it('goes to the reject step when the server finds the account holding kits meanwhile', async () => {
    replies['POST /api/kits/redeem'] = () => ({
      status: 409,
      body: { message: KIT_MESSAGES.rejectGuardian, code: 'CONFLICT' },
    });
    const { dialog, user } = await openRedeem(PROFILE_ADDRESS);
    await user.click(within(dialog).getByRole('button', { name: 'For my child or dependant' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Continue' }));
    await user.click(within(dialog).getByLabelText(DEPENDANT_TEXTS.yes));
    await user.type(within(dialog).getByLabelText(DEPENDANT_TEXTS.firstName), 'Dana');
    await user.type(within(dialog).getByLabelText(DEPENDANT_TEXTS.lastName), 'Child');
    await user.type(within(dialog).getByLabelText(DEPENDANT_TEXTS.dateOfBirth), '01/06/2015');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.type(within(dialog).getByLabelText('Voucher code'), 'AAAA-BBBB-CCCC');
    await user.click(within(dialog).getByRole('button', { name: 'Proceed' }));
    expect(await within(dialog).findByText(KIT_MESSAGES.rejectGuardian)).toBeVisible();
  });

  it('asks where to send a kit that this person already redeemed', async () => {
    replies['POST /api/kits/check-voucher'] = () => ({
      status: 200,
      body: { ...LOOKUP, kitStatus: 'ASSIGNED', ownedByYou: true },
    });
    const { dialog, user } = await openRedeem(PROFILE_ADDRESS);
    await user.click(within(dialog).getByRole('button', { name: 'Send later' }));
    await user.type(within(dialog).getByLabelText('Voucher code'), 'AAAABBBBCCCC');
    await user.click(within(dialog).getByRole('button', { name: 'Proceed' }));
    expect(await within(dialog).findByText(KIT_MESSAGES.alreadyRedeemed)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Send now' }));
    expect(await screen.findByRole('dialog', { name: KIT_MESSAGES.successActivated })).toBeVisible();
    expect(posts().map((c) => c.path)).toEqual(['/api/kits/check-voucher', '/api/kits/7/activate']);
  });

  it('starts again at the options each time it opens', async () => {
    const { dialog, user } = await openRedeem();
    await user.click(within(dialog).getByRole('button', { name: 'Send later' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Redeem a voucher' }));
    const again = await screen.findByRole('dialog', { name: 'Redeem a voucher' });
    expect(within(again).getByRole('button', { name: 'Send now' })).toBeVisible();
  });

  it('gives the voucher to someone else by email', async () => {
    replies['POST /api/kits/give'] = (call) => ({
      status: 200,
      body: { kitId: 7, receiverEmail: (call.body as { receiverEmail: string }).receiverEmail },
    });
    const { dialog, user } = await openRedeem();
    await user.click(within(dialog).getByRole('button', { name: 'Give to someone else' }));
    const give = await screen.findByRole('dialog', { name: 'Give a kit to someone' });
    await user.type(within(give).getByLabelText('Email of the person receiving the kit'), 'not-an-email');
    await user.click(within(give).getByRole('button', { name: 'Give kit' }));
    expect(within(give).getByText(KIT_MESSAGES.voucherRequired)).toBeVisible();
    expect(within(give).getByText(KIT_MESSAGES.receiverEmail)).toBeVisible();
    await user.type(within(give).getByLabelText('Voucher code'), 'AAAA-BBBB-CCCC');
    await user.clear(within(give).getByLabelText('Email of the person receiving the kit'));
    await user.type(within(give).getByLabelText('Email of the person receiving the kit'), 'sam@example.com');
    await user.click(within(give).getByRole('button', { name: 'Give kit' }));
    expect(await screen.findByRole('dialog', { name: 'Kit given to sam@example.com' })).toBeVisible();
    expect(posts().at(-1)?.body).toEqual({ receiverEmail: 'sam@example.com', voucher: 'AAAA-BBBB-CCCC' });
  });
});

describe('GiveKitModal', () => {
  async function openGive() {
    const rendered = await openRedeem();
    await rendered.user.click(within(rendered.dialog).getByRole('button', { name: 'Give to someone else' }));
    const give = await screen.findByRole('dialog', { name: 'Give a kit to someone' });
    await rendered.user.type(within(give).getByLabelText('Voucher code'), 'AAAA-BBBB-CCCC');
    await rendered.user.type(
      within(give).getByLabelText('Email of the person receiving the kit'),
      'sam@example.com',
    );
    return { ...rendered, give };
  }

  it("shows the server's message when giving fails, and offers it again", async () => {
    replies['POST /api/kits/give'] = () => ({
      status: 500,
      body: { message: 'Try again later.', code: 'INTERNAL' },
    });
    const { give, user } = await openGive();
    await user.click(within(give).getByRole('button', { name: 'Give kit' }));
    expect(await within(give).findByText('Try again later.')).toBeVisible();
    expect(within(give).getByRole('button', { name: 'Give kit' })).toBeEnabled();
  });

  it('sends one gift for a double click', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    replies['POST /api/kits/give'] = () => ({
      status: 200,
      body: { kitId: 7, receiverEmail: 'sam@example.com' },
    });
    const { give, user } = await openGive();
    const fetchMock = vi.mocked(fetch);
    const plain = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).includes('/kits/give')) await held;
      return (plain as typeof fetch)(input, init);
    });
    const button = within(give).getByRole('button', { name: 'Give kit' });
    await user.dblClick(button);
    await waitFor(() => expect(button).toBeDisabled());
    release();
    expect(await screen.findByRole('dialog', { name: 'Kit given to sam@example.com' })).toBeVisible();
    expect(posts().filter((c) => c.path === '/api/kits/give')).toHaveLength(1);
  });
});
