import { ERROR_CODES, PASSWORD_MESSAGES, PROFILE_MESSAGES, withBrand } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute, testConfig, testUser } from '../../../test/render.tsx';

type Call = { method: string; url: string; body: unknown };

const CONSENT_FLOW = {
  id: 3,
  name: 'Data usage',
  consents: [
    {
      id: 31,
      title: 'Future Insight Program',
      htmlContent: '<p>May we use your <b>data</b>?</p>',
      agreeLabel: 'I agree',
      disagreeLabel: 'I do not agree',
      version: '1',
      response: null,
    },
  ],
};

const COMPLETE_ADULT = {
  firstName: 'Robin',
  lastName: 'Tester',
  gender: 'FEMALE' as const,
  dateOfBirth: '1990-05-04',
  phoneNumber: '0400 000 000',
  addressLine1: '1 Queen St',
  suburb: 'Brisbane City',
  state: 'QLD',
  postcode: '4000',
};

let calls: Call[];
let responders: Record<string, (call: Call) => { status: number; body: unknown }>;

function respond(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(() => {
  calls = [];
  responders = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const call = { method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      const key = `${method} ${url.split('?')[0]}`;
      const custom = responders[key];
      if (custom) {
        const { status, body } = custom(call);
        return respond(status, body);
      }
      if (key === 'GET /api/consent-flow/3') return respond(200, CONSENT_FLOW);
      if (key === 'POST /api/consent/31') return respond(201, {});
      if (key === 'PUT /api/users/me') return respond(200, { ...testUser, ...(call.body as object) });
      if (key === 'GET /api/users/me') return respond(200, testUser);
      return respond(404, { message: 'Not found', code: 'NOT_FOUND' });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const saveButton = () => screen.getByRole('button', { name: 'Save changes' });
const mutations = () => calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.url}`);

describe('ProfilePage save', () => {
  it('shows the missing date of birth notice and field messages for bad input', async () => {
    const { user } = renderRoute('/profile', { signedInAs: { agreeToDataUsage: true } });
    expect(await screen.findByText(PROFILE_MESSAGES.missingDobText)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Date of birth'), '31/02/2000');
    await user.type(screen.getByLabelText('Postcode'), '12');
    await user.click(saveButton());
    expect(await screen.findByText(PROFILE_MESSAGES.fixHighlighted)).toBeInTheDocument();
    expect(screen.getByText(PROFILE_MESSAGES.invalidDate)).toBeInTheDocument();
    expect(screen.getByText(PROFILE_MESSAGES.invalidPostcode)).toBeInTheDocument();
    expect(mutations()).toEqual([]);
  });

  it('asks to choose a gender and a state, and refuses a date of birth over 120 years ago', async () => {
    const { user } = renderRoute('/profile', { signedInAs: { agreeToDataUsage: true } });
    await user.type(await screen.findByLabelText('Date of birth'), '01/01/1890');
    await user.click(saveButton());
    expect(await screen.findByText(PROFILE_MESSAGES.fixHighlighted)).toBeInTheDocument();
    expect(screen.getByText(PROFILE_MESSAGES.tooOld)).toBeInTheDocument();
    expect(screen.getByText(PROFILE_MESSAGES.invalidGender)).toBeInTheDocument();
    expect(screen.getByText(PROFILE_MESSAGES.invalidState)).toBeInTheDocument();
    expect(mutations()).toEqual([]);
  });

  it('asks about a mismatched date of birth: No cancels, Yes saves', async () => {
    const { user } = renderRoute('/profile', { signedInAs: { ...COMPLETE_ADULT, agreeToDataUsage: true } });
    const dob = await screen.findByLabelText('Date of birth');
    await user.clear(dob);
    await user.type(dob, '01/01/2012');
    await user.click(saveButton());
    const dialog = await screen.findByRole('dialog', { name: PROFILE_MESSAGES.dobMismatchTitle });
    expect(within(dialog).getByText(PROFILE_MESSAGES.dobMismatchText)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(mutations()).toEqual([]);

    await user.click(saveButton());
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText(PROFILE_MESSAGES.saved)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Saved' })).toBeInTheDocument();
    expect(mutations()).toEqual(['PUT /api/users/me']);
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ dateOfBirth: '2012-01-01' });
  });

  it('posts the consent response before saving the profile', async () => {
    const { user } = renderRoute('/profile', { signedInAs: COMPLETE_ADULT });
    await user.click(await screen.findByRole('radio', { name: 'I agree' }));
    expect(screen.getByText('May we use your data?')).toBeInTheDocument();
    await user.click(saveButton());
    expect(await screen.findByText(PROFILE_MESSAGES.saved)).toBeInTheDocument();
    expect(mutations()).toEqual(['POST /api/consent/31', 'PUT /api/users/me']);
    expect(calls[calls.findIndex((c) => c.method === 'POST')]?.body).toEqual({
      consentId: 31,
      consenterType: 'USER',
      consenterId: 'user-1',
      consented: true,
    });
  });

  it('stops when the consent response cannot be saved', async () => {
    responders['POST /api/consent/31'] = () => ({ status: 500, body: { message: 'boom', code: 'INTERNAL' } });
    const { user } = renderRoute('/profile', { signedInAs: COMPLETE_ADULT });
    await user.click(await screen.findByRole('radio', { name: 'I do not agree' }));
    await user.click(saveButton());
    expect(await screen.findByText(PROFILE_MESSAGES.consentSaveFailed)).toBeInTheDocument();
    expect(mutations()).toEqual(['POST /api/consent/31']);
  });

  it('asks an adult for a data-usage consent response', async () => {
    const { user } = renderRoute('/profile', { signedInAs: COMPLETE_ADULT });
    await screen.findByRole('radio', { name: 'I agree' });
    await user.click(saveButton());
    expect(
      await screen.findByText(withBrand(PROFILE_MESSAGES.provideDataConsent, testConfig.brandName)),
    ).toBeInTheDocument();
    expect(mutations()).toEqual([]);
  });

  it('asks a minor for the signed parental consent form unless skipped', async () => {
    const { user } = renderRoute('/profile', {
      signedInAs: {
        ...COMPLETE_ADULT,
        dateOfBirth: '2012-01-01',
        underAge: true,
        parentConsented: false,
        guardianFirstName: 'Pat',
        guardianLastName: 'Tester',
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(PROFILE_MESSAGES.supplyConsentForm)).toBeInTheDocument();
    expect(mutations()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Skip for now' }));
    await user.click(saveButton());
    await waitFor(() => expect(mutations()).toEqual(['PUT /api/users/me']));
  });

  it('sends the finder ids with a chosen address and drops them once the address is edited', async () => {
    responders['GET /api/addresses'] = () => ({
      status: 200,
      body: [
        {
          address_line_1: '10 Queen St',
          address_line_2: null,
          locality_name: 'BRISBANE CITY',
          state_territory: 'QLD',
          postcode: '4000',
          country: 'AU',
          gnaf_id: 'GAQLD1',
          external_identifier: 'EXT1',
          full_address: '10 Queen St, BRISBANE CITY QLD 4000',
        },
      ],
    });
    // The refetch after the first save keeps the agreement, so the second save is not blocked.
    responders['GET /api/users/me'] = () => ({
      status: 200,
      body: { ...testUser, ...COMPLETE_ADULT, agreeToDataUsage: true },
    });
    const { user } = renderRoute('/profile', { signedInAs: { ...COMPLETE_ADULT, agreeToDataUsage: true } });
    await user.type(await screen.findByRole('combobox', { name: 'Find your address' }), 'queen st');
    await user.click(await screen.findByRole('option', { name: '10 Queen St, BRISBANE CITY QLD 4000' }));
    expect(screen.getByLabelText('Suburb')).toHaveValue('BRISBANE CITY');
    await user.click(saveButton());
    await screen.findByText(PROFILE_MESSAGES.saved);
    const puts = () => calls.filter((c) => c.method === 'PUT').map((c) => c.body);
    expect(puts()[0]).toMatchObject({ addressLine1: '10 Queen St', provider: 'AF', gnafId: 'GAQLD1' });

    await user.clear(screen.getByLabelText('Address line 1'));
    await user.type(screen.getByLabelText('Address line 1'), '12 Queen St');
    await user.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1]).toMatchObject({ provider: null, gnafId: null, externalIdentifier: null });
  });

  it('flags a wrong current password on the password field', async () => {
    responders['PUT /api/users/me'] = () => ({
      status: 403,
      body: { message: PASSWORD_MESSAGES.wrongCurrent, code: 'FORBIDDEN' },
    });
    const { user } = renderRoute('/profile', { signedInAs: { ...COMPLETE_ADULT, agreeToDataUsage: true } });
    const toggle = await screen.findByRole('button', { name: 'Change password' });
    expect(screen.queryByLabelText('Current password')).not.toBeVisible();
    await user.click(toggle);
    await user.type(screen.getByLabelText('Current password'), 'Wrong!pass1');
    await user.type(screen.getByLabelText('New password'), 'Another!2025');
    await user.type(screen.getByLabelText('Confirm new password'), 'Another!2025');
    await user.click(saveButton());
    expect(await screen.findByText(PASSWORD_MESSAGES.wrongCurrent)).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect(saveButton()).toBeEnabled();
  });

  it("shows the server's message when the save fails, and offers the save again", async () => {
    responders['PUT /api/users/me'] = () => ({
      status: 500,
      body: { message: 'Something went wrong. Please try again.', code: 'INTERNAL' },
    });
    const { user } = renderRoute('/profile', { signedInAs: { ...COMPLETE_ADULT, agreeToDataUsage: true } });
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText(PROFILE_MESSAGES.saved)).not.toBeInTheDocument();
    expect(saveButton()).toBeEnabled();
  });

  it('sends one save for a double click', async () => {
    let release = () => {};
    responders['PUT /api/users/me'] = (call) => ({
      status: 200,
      body: { ...testUser, ...(call.body as object) },
    });
    const { user } = renderRoute('/profile', { signedInAs: { ...COMPLETE_ADULT, agreeToDataUsage: true } });
    const button = await screen.findByRole('button', { name: 'Save changes' });
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fetchMock = vi.mocked(fetch);
    const plain = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'PUT') await held;
      return plain ? plain(input, init) : respond(404, {});
    });
    await user.dblClick(button);
    await waitFor(() => expect(button).toBeDisabled());
    release();
    expect(await screen.findByText(PROFILE_MESSAGES.saved)).toBeInTheDocument();
    expect(mutations()).toEqual(['PUT /api/users/me']);
  });

  it('sends the version it loaded; refused for want of one, it loads the latest and saves with that', async () => {
    // The signed-in user read at first carries no version; the server refuses such a save (400).
    responders['PUT /api/users/me'] = (call) => {
      const body = call.body as { version?: number };
      return body.version === undefined
        ? {
            status: 400,
            body: {
              message: PROFILE_MESSAGES.versionRequired,
              code: ERROR_CODES.validation,
              fields: { version: PROFILE_MESSAGES.versionRequired },
            },
          }
        : { status: 200, body: { ...testUser, ...(call.body as object), version: body.version + 1 } };
    };
    responders['GET /api/users/me'] = () => ({
      status: 200,
      body: { ...testUser, ...COMPLETE_ADULT, agreeToDataUsage: true, version: 4 },
    });
    const { user } = renderRoute('/profile', { signedInAs: { ...COMPLETE_ADULT, agreeToDataUsage: true } });
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(PROFILE_MESSAGES.versionRequired)).toBeInTheDocument();
    expect(screen.queryByText(PROFILE_MESSAGES.saved)).not.toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/api/users/me'))).toHaveLength(2));
    await user.click(saveButton());
    expect(await screen.findByText(PROFILE_MESSAGES.saved)).toBeInTheDocument();
    expect(
      calls.filter((c) => c.method === 'PUT').map((c) => (c.body as { version?: number }).version),
    ).toEqual([undefined, 4]);
  });

  it("words a guardian account's details as a child or dependant's", async () => {
    renderRoute('/profile', { signedInAs: { ...COMPLETE_ADULT, guardian: true, agreeToDataUsage: true } });
    expect(await screen.findByText('These are the details of your child or dependant.')).toBeInTheDocument();
  });
});
