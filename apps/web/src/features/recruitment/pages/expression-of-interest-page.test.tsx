import { RECRUITMENT_MESSAGES } from '@portal/domain';
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test/render.tsx';
import { type ApiCall, type Routes, replyError, stubRecruitmentApi } from '../recruitment.test-helpers.ts';
import { RECRUITMENT_TEXTS } from '../recruitment-texts.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const STUDY = { id: 7, title: 'The soup study', isTerminated: false };

function openInterest(routes: Routes = {}, path = '/recruitment/7/expression-of-interest') {
  const calls = stubRecruitmentApi({
    'GET /api/recruitment/7': () => ({ status: 200, body: STUDY }),
    'POST /api/recruitment/candidates': () => ({
      status: 201,
      body: { message: RECRUITMENT_MESSAGES.eoiSaved },
    }),
    ...routes,
  });
  return { ...renderRoute(path), calls };
}

async function fillIn(user: UserEvent, email = 'sam@example.com') {
  await user.type(await screen.findByLabelText('First name'), 'Sam');
  await user.type(screen.getByLabelText('Last name'), 'Lee');
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Phone number'), '0412 345 678');
  await user.click(screen.getByRole('button', { name: RECRUITMENT_TEXTS.eoiSubmit }));
}

const posts = (calls: ApiCall[]) => calls.filter((call) => call.method === 'POST');

describe('Expression of interest page', () => {
  it('registers interest and asks the person to validate their email', async () => {
    const { user, calls } = openInterest();
    expect(
      await screen.findByRole('heading', { level: 1, name: RECRUITMENT_TEXTS.eoiHeading(STUDY.title) }),
    ).toBeVisible();
    await fillIn(user);
    expect(await screen.findByText(RECRUITMENT_MESSAGES.eoiSaved)).toBeVisible();
    expect(screen.getByText(RECRUITMENT_MESSAGES.eoiValidate)).toBeVisible();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(posts(calls)[0]?.body).toEqual({
      firstName: 'Sam',
      lastName: 'Lee',
      email: 'sam@example.com',
      phoneNumber: '0412 345 678',
      sendEmail: 1,
      recruitmentId: 7,
    });
  });

  it('gives the duplicate text when the email has expressed interest already (400)', async () => {
    const { user } = openInterest({
      'POST /api/recruitment/candidates': () => replyError(400, 'Duplicate', 'DUPLICATE'),
    });
    await fillIn(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(RECRUITMENT_MESSAGES.eoiDuplicate);
    expect(screen.getByRole('form', { name: RECRUITMENT_TEXTS.eoiFormLabel })).toBeVisible();
  });

  it('says the response failed on any other error', async () => {
    const { user } = openInterest({
      'POST /api/recruitment/candidates': () => replyError(500, 'Boom', 'INTERNAL'),
    });
    await fillIn(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(RECRUITMENT_MESSAGES.saveFailed);
  });

  it('checks the details before sending: required names, an email of at most 100 characters, an AU or NZ phone', async () => {
    const { user, calls } = openInterest();
    await user.click(await screen.findByRole('button', { name: RECRUITMENT_TEXTS.eoiSubmit }));
    expect(await screen.findAllByText(RECRUITMENT_MESSAGES.required)).toHaveLength(3);
    expect(screen.getByText(RECRUITMENT_MESSAGES.invalidPhone('Phone number'))).toBeVisible();

    await user.type(screen.getByLabelText('Email'), `${'a'.repeat(89)}@example.com`);
    await user.click(screen.getByRole('button', { name: RECRUITMENT_TEXTS.eoiSubmit }));
    await waitFor(() =>
      expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(RECRUITMENT_MESSAGES.invalidEmail),
    );
    expect(posts(calls)).toHaveLength(0);
  });

  it('shows the terminated text and no form when the study stopped recruiting', async () => {
    openInterest({
      'GET /api/recruitment/7': () => ({ status: 200, body: { ...STUDY, isTerminated: true } }),
    });
    expect(await screen.findByText(RECRUITMENT_MESSAGES.terminated)).toBeVisible();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it.each([
    ['an unknown', '/recruitment/8/expression-of-interest', 1],
    ['a malformed', '/recruitment/soup/expression-of-interest', 0],
  ])('says the study cannot be found for %s study id', async (_case, path, requests) => {
    const { calls } = openInterest({}, path);
    expect(await screen.findByRole('alert')).toHaveTextContent(RECRUITMENT_TEXTS.studyNotFound);
    expect(calls).toHaveLength(requests);
  });
});
