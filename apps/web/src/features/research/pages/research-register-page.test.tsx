import {
  ACCOUNT_TYPE_LABELS,
  encodeParticipantCode,
  REDEEM_ON_REGISTER_KEY,
  REGISTRATION_MESSAGES,
  RESEARCH_MESSAGES,
} from '@portal/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { endSession } from '../../../lib/session.ts';
import { renderRoute } from '../../../test/render.tsx';
import { researchConfig, stubApi } from '../research.test-helpers.ts';

const CODE = encodeParticipantCode(7);
const EMAIL = 'pat@example.com';

const stored = () => JSON.parse(window.localStorage.getItem(REDEEM_ON_REGISTER_KEY) ?? 'null');

function error(status: number, message: string) {
  return { status, body: { message, code: 'ERROR' } };
}

async function submitStep0(code: string, email = EMAIL) {
  const view = renderRoute('/register', { config: researchConfig });
  expect(screen.getByRole('heading', { level: 1, name: 'Research Participant Registration' })).toBeVisible();
  await view.user.type(screen.getByLabelText('Participant code'), code);
  await view.user.type(screen.getByLabelText('Email'), email);
  await view.user.click(screen.getByRole('button', { name: 'Next' }));
  return view;
}

describe('Research registration, step 0', () => {
  beforeEach(() => {
    endSession(null);
    window.localStorage.clear();
  });

  it('checks the participant code in the browser before asking the server, with the step 0 text', async () => {
    const calls = stubApi({});
    await submitStep0('ABC');
    expect(await screen.findByLabelText('Participant code')).toHaveAccessibleDescription(
      expect.stringContaining(RESEARCH_MESSAGES.invalidCode),
    );
    expect(screen.queryByText(RESEARCH_MESSAGES.participantInvalid)).toBeNull();
    expect(calls).toEqual([]);
    expect(stored()).toBeNull();
  });

  it('goes on to the account type when the code names a study, keeping the code and email', async () => {
    const calls = stubApi({
      'POST /research/register-check': { status: 200, body: { researchProjectName: 'Gut Health Study' } },
    });
    await submitStep0(CODE.toLowerCase());
    expect(await screen.findByText('Participant code accepted for Gut Health Study.')).toBeVisible();
    expect(screen.getByRole('group', { name: 'Who is this account for?' })).toBeVisible();
    expect(calls[0]?.body).toEqual({ participantIdentifier: CODE, username: EMAIL });
    expect(stored()).toEqual({ participantCode: CODE, email: EMAIL });
  });

  it.each([
    [400, RESEARCH_MESSAGES.invalidCode],
    [404, RESEARCH_MESSAGES.codeNotFound],
  ])('shows the %s answer on the code and keeps nothing', async (status, message) => {
    stubApi({ 'POST /research/register-check': error(status, message) });
    await submitStep0(CODE);
    expect(await screen.findByLabelText('Participant code')).toHaveAccessibleDescription(
      expect.stringContaining(message),
    );
    expect(stored()).toBeNull();
  });

  it('offers Login instead when the email has an account, and still keeps the redeem data', async () => {
    stubApi({ 'POST /research/register-check': error(409, RESEARCH_MESSAGES.emailExists) });
    await submitStep0(CODE);
    expect(await screen.findByText(RESEARCH_MESSAGES.emailExists)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Login instead' })).toHaveAttribute('href', '/login');
    expect(stored()).toEqual({ participantCode: CODE, email: EMAIL });
  });

  it("shows the server's message when the check fails otherwise, and offers Next again", async () => {
    stubApi({ 'POST /research/register-check': error(500, 'Try again later.') });
    await submitStep0(CODE);
    expect(await screen.findByRole('alert')).toHaveTextContent('Try again later.');
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('checks the code once for a double click on Next', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const calls = stubApi({
      'POST /research/register-check': async () => {
        await held;
        return { status: 200, body: { researchProjectName: 'Gut Health Study' } };
      },
    });
    const view = renderRoute('/register', { config: researchConfig });
    await view.user.type(screen.getByLabelText('Participant code'), CODE);
    await view.user.type(screen.getByLabelText('Email'), EMAIL);
    const next = screen.getByRole('button', { name: 'Next' });
    // Two clicks with nothing awaited between them: the second finds the button busy.
    fireEvent.click(next);
    fireEvent.click(next);
    await waitFor(() => expect(next).toBeDisabled());
    release();
    expect(await screen.findByText('Participant code accepted for Gut Health Study.')).toBeVisible();
    expect(calls.filter((call) => call.path === '/research/register-check')).toHaveLength(1);
  });
});

describe('Research registration, steps 1 and 2', () => {
  beforeEach(() => {
    endSession(null);
    window.localStorage.clear();
  });

  async function openDetails(register: { status: number; body: unknown }) {
    const calls = stubApi({
      'POST /research/register-check': { status: 200, body: { researchProjectName: 'Gut Health Study' } },
      'POST /auth/register': register,
    });
    const view = await submitStep0(CODE);
    await screen.findByRole('group', { name: 'Who is this account for?' });
    await view.user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent(REGISTRATION_MESSAGES.selectionRequired);
    await view.user.click(screen.getByRole('radio', { name: ACCOUNT_TYPE_LABELS.adult }));
    await view.user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByLabelText('Email')).toHaveValue(EMAIL);
    expect(screen.getByLabelText('Confirm email')).toHaveValue(EMAIL);
    await view.user.type(screen.getByLabelText('First name'), 'Pat');
    await view.user.type(screen.getByLabelText('Last name'), 'Sample');
    await view.user.type(screen.getByLabelText('Password'), 'Sampling!2024');
    await view.user.type(screen.getByLabelText('Confirm password'), 'Sampling!2024');
    await view.user.click(screen.getByRole('button', { name: 'Create account' }));
    return calls;
  }

  it('registers a research account with the participant code, then asks to check the email', async () => {
    const calls = await openDetails({ status: 201, body: { message: 'ok' } });
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeVisible();
    expect(calls.find((call) => call.path === '/auth/register')?.body).toMatchObject({
      email: EMAIL,
      userType: 'RESEARCH',
      participantCode: CODE,
      underAge: false,
      guardian: false,
    });
  });

  it('says the account exists when the sign-up is refused with User already exists', async () => {
    await openDetails(error(400, 'User already exists: pat@example.com'));
    expect(await screen.findByText(RESEARCH_MESSAGES.accountExists)).toBeVisible();
  });
});
