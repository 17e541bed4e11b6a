import { ACCOUNT_TYPE_LABELS, KIT_MESSAGES, REGISTRATION_REFERRAL_TEXTS } from '@portal/domain';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endSession } from '../../lib/session.ts';
import { renderRoute } from '../../test/render.tsx';
import { replyError, stubApi } from '../../test/stub-api.ts';

async function openDetailsStep() {
  const view = renderRoute('/register');
  await view.user.click(screen.getByRole('radio', { name: ACCOUNT_TYPE_LABELS.adult }));
  await view.user.click(screen.getByRole('button', { name: 'Next' }));
  return view;
}

async function fillDetails(user: Awaited<ReturnType<typeof openDetailsStep>>['user']) {
  await user.type(screen.getByLabelText('First name'), 'Ada');
  await user.type(screen.getByLabelText('Last name'), 'Lovelace');
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Confirm email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'Longenough1!');
  await user.type(screen.getByLabelText('Confirm password'), 'Longenough1!');
}

const found = { status: 200, body: { firstName: 'Jane', lastName: 'Doe', referralCode: 'DRJANE1' } };

describe('Referral code at registration (step 1)', () => {
  beforeEach(() => endSession(null));
  afterEach(() => vi.unstubAllGlobals());

  it('names the practitioner once the code is entered, and registers with it', async () => {
    const calls = stubApi({
      'GET /api/auth/referral-codes/REF-DRJANE1': () => found,
      'POST /api/auth/register': () => ({ status: 201, body: { message: 'sent' } }),
    });
    const { user } = await openDetailsStep();
    await fillDetails(user);
    const field = screen.getByLabelText(REGISTRATION_REFERRAL_TEXTS.label);
    await user.type(field, 'REF-DRJANE1');
    await user.tab();
    expect(await screen.findByText(REGISTRATION_REFERRAL_TEXTS.found('Jane', 'Doe'))).toBeVisible();
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Referred by Jane Doe.'));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeVisible();
    expect(calls.find((c) => c.path === '/api/auth/register')?.body).toMatchObject({
      referralCode: 'REF-DRJANE1',
    });
  });

  it("shows the server's message for an unknown code", async () => {
    stubApi({
      'GET /api/auth/referral-codes/NOPE': () => replyError(404, KIT_MESSAGES.referralUnknown, 'NOT_FOUND'),
    });
    const { user } = await openDetailsStep();
    const field = screen.getByLabelText(REGISTRATION_REFERRAL_TEXTS.label);
    await user.type(field, 'NOPE');
    await user.tab();
    expect(await screen.findByRole('alert')).toHaveTextContent(KIT_MESSAGES.referralUnknown);
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });

  it('puts a refusal of the code by registration on the field, and sends no code when left empty', async () => {
    const calls = stubApi({
      'POST /api/auth/register': (call) =>
        (call.body as { referralCode?: string }).referralCode
          ? {
              status: 400,
              body: {
                message: KIT_MESSAGES.referralUnknown,
                code: 'VALIDATION_FAILED',
                fields: { referralCode: KIT_MESSAGES.referralUnknown },
              },
            }
          : { status: 201, body: { message: 'sent' } },
    });
    const { user } = await openDetailsStep();
    await fillDetails(user);
    const field = screen.getByLabelText(REGISTRATION_REFERRAL_TEXTS.label);
    await user.type(field, 'GONE1');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(KIT_MESSAGES.referralUnknown);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeVisible();
    const bodies = calls.filter((c) => c.path === '/api/auth/register').map((c) => c.body);
    expect(bodies.at(-1)).not.toHaveProperty('referralCode');
  });
});
