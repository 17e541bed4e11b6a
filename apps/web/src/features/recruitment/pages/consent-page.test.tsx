import { RECRUITMENT_MESSAGES, THANKS_DELAY_MS } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test/render.tsx';
import {
  type ApiCall,
  CANDIDATE_ID,
  consentOf,
  consentPath,
  type Routes,
  replyError,
  stubRecruitmentApi,
} from '../recruitment.test-helpers.ts';
import { RECRUITMENT_TEXTS } from '../recruitment-texts.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const FIRST = consentOf();
const LAST = consentOf({
  id: 12,
  title: 'Consent to take part',
  htmlContent: '<p>Do you agree to take part?</p>',
  agreeLabel: 'I agree',
  disagreeLabel: 'I do not agree',
  nextConsentId: null,
  thanksResponse: 'Thank you. The study team will contact you.',
});

function openConsent(consent = FIRST, routes: Routes = {}) {
  const calls = stubRecruitmentApi({
    [`GET /api${consentPath(FIRST.id)}`]: () => ({ status: 200, body: FIRST }),
    [`GET /api${consentPath(LAST.id)}`]: () => ({ status: 200, body: LAST }),
    [`PUT /api${consentPath(FIRST.id)}`]: () => ({
      status: 200,
      body: { nextConsentId: LAST.id, thanksResponse: null },
    }),
    [`PUT /api${consentPath(LAST.id)}`]: () => ({
      status: 200,
      body: { nextConsentId: null, thanksResponse: LAST.thanksResponse },
    }),
    ...routes,
  });
  return { ...renderRoute(consentPath(consent.id)), calls };
}

const puts = (calls: ApiCall[]) => calls.filter((call) => call.method === 'PUT');

describe('Research consent page', () => {
  it('shows the consent with the candidate details prefilled and the agree and disagree options', async () => {
    openConsent();
    expect(await screen.findByRole('heading', { level: 1, name: FIRST.title })).toBeVisible();
    expect(screen.getByText('study')).toBeVisible();
    expect(screen.getByLabelText('First name')).toHaveValue('Ana');
    expect(screen.getByLabelText('Last name')).toHaveValue('Silva');
    expect(screen.getByLabelText('Email')).toHaveValue('ana@example.com');
    expect(screen.getByLabelText('Phone number')).toHaveValue('0412 345 678');
    expect(screen.getByRole('radio', { name: FIRST.agreeLabel })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: FIRST.disagreeLabel })).not.toBeChecked();
  });

  it("labels the button 'Save & Continue' while another consent follows, and 'Submit' on the last", async () => {
    const first = openConsent(FIRST);
    expect(await screen.findByRole('button', { name: 'Save & Continue' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    first.unmount();

    openConsent(LAST);
    expect(await screen.findByRole('button', { name: 'Submit' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save & Continue' })).not.toBeInTheDocument();
  });

  it('asks for an option before submitting, and sends nothing', async () => {
    const { user, calls } = openConsent();
    await user.click(await screen.findByRole('button', { name: 'Save & Continue' }));
    const message = await screen.findByText(RECRUITMENT_MESSAGES.chooseOption);
    expect(message).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('group', { name: RECRUITMENT_TEXTS.answerLegend })).toHaveAttribute(
      'aria-describedby',
      message.id,
    );
    expect(puts(calls)).toHaveLength(0);
  });

  it('accepts Australian and New Zealand phone numbers only', async () => {
    const { user, calls } = openConsent();
    const phone = await screen.findByLabelText('Phone number');
    await user.clear(phone);
    await user.type(phone, '+1 202 555 0123');
    await user.click(screen.getByRole('radio', { name: FIRST.agreeLabel }));
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    const message = await screen.findByText(RECRUITMENT_MESSAGES.invalidPhone('Phone number'));
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone.getAttribute('aria-describedby')).toContain(message.id);
    expect(puts(calls)).toHaveLength(0);

    await user.clear(phone);
    await user.type(phone, '+64 21 123 4567');
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
  });

  it('shows the consent HTML as the API sent it (sanitised there), with its formatting', async () => {
    const { container } = openConsent(FIRST, {
      [`GET /api${consentPath(FIRST.id)}`]: () => ({
        status: 200,
        body: consentOf({ htmlContent: '<p>Safe <b>text</b></p>' }),
      }),
    });
    expect(await screen.findByText('text')).toBeVisible();
    expect(container.querySelector('.consent-html')?.innerHTML).toBe('<p>Safe <b>text</b></p>');
  });

  it('embeds the PDF with a title and offers it as a link', async () => {
    const url = 'https://example.org/study.pdf';
    openConsent(FIRST, {
      [`GET /api${consentPath(FIRST.id)}`]: () => ({ status: 200, body: consentOf({ url }) }),
    });
    expect(await screen.findByTitle(RECRUITMENT_TEXTS.pdfTitle(FIRST.title))).toHaveAttribute('src', url);
    expect(screen.getByRole('link', { name: RECRUITMENT_TEXTS.pdfLink })).toHaveAttribute('href', url);
  });

  it('sends the answer with the details, then moves to the next consent saying it was saved', async () => {
    const { user, calls, location } = openConsent();
    const firstName = await screen.findByLabelText('First name');
    await user.clear(firstName);
    await user.type(firstName, 'Ana Maria');
    await user.click(screen.getByRole('radio', { name: FIRST.agreeLabel }));
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));

    const heading = await screen.findByRole('heading', { level: 1, name: LAST.title });
    // Focus moves to the new step's heading in an effect, a moment after it is drawn.
    await waitFor(() => expect(heading).toHaveFocus());
    expect(location().pathname).toBe(consentPath(LAST.id));
    expect(screen.getByText(RECRUITMENT_MESSAGES.saved).closest('[role="status"]')).toBeVisible();
    expect(puts(calls)[0]?.body).toEqual({
      consented: true,
      firstName: 'Ana Maria',
      lastName: 'Silva',
      email: 'ana@example.com',
      phoneNumber: '0412 345 678',
    });
    expect(screen.getByRole('button', { name: 'Submit' })).toBeVisible();

    // Answering this one replaces the previous consent's message: one success message at a time.
    await user.click(screen.getByRole('radio', { name: LAST.agreeLabel }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    await waitFor(() => expect(screen.getAllByText(RECRUITMENT_MESSAGES.saved)).toHaveLength(1));
  });

  it('after the last consent says it was saved, then shows the thank-you a second later', async () => {
    const { user, calls } = openConsent(LAST, {
      [`GET /api${consentPath(LAST.id)}`]: () => ({ status: 200, body: { ...LAST, userResponse: true } }),
    });
    expect(await screen.findByRole('radio', { name: LAST.agreeLabel })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: LAST.disagreeLabel }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText(RECRUITMENT_MESSAGES.saved)).toBeVisible();
    expect(screen.queryByRole('heading', { name: RECRUITMENT_TEXTS.thanksHeading })).not.toBeInTheDocument();
    expect(puts(calls)[0]?.body).toMatchObject({ consented: false });

    const heading = await screen.findByRole(
      'heading',
      { level: 1, name: RECRUITMENT_TEXTS.thanksHeading },
      { timeout: THANKS_DELAY_MS + 2000 },
    );
    // Focus moves in an effect after the heading is drawn; under load that can be a moment later.
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText(LAST.thanksResponse as string)).toBeVisible();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('falls back to our thank-you when the consent has none', async () => {
    const { user } = openConsent(LAST, {
      [`PUT /api${consentPath(LAST.id)}`]: () => ({
        status: 200,
        body: { nextConsentId: null, thanksResponse: null },
      }),
      [`GET /api${consentPath(LAST.id)}`]: () => ({ status: 200, body: { ...LAST, thanksResponse: null } }),
    });
    await user.click(await screen.findByRole('radio', { name: LAST.agreeLabel }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(
      await screen.findByText(RECRUITMENT_TEXTS.defaultThanks, undefined, {
        timeout: THANKS_DELAY_MS + 2000,
      }),
    ).toBeVisible();
  });

  it('says the answer could not be saved when the server fails', async () => {
    const { user } = openConsent(FIRST, {
      [`PUT /api${consentPath(FIRST.id)}`]: () => replyError(500, 'Something broke', 'INTERNAL'),
    });
    await user.click(await screen.findByRole('radio', { name: FIRST.agreeLabel }));
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(RECRUITMENT_MESSAGES.saveFailed);
    expect(screen.getByRole('heading', { level: 1, name: FIRST.title })).toBeVisible();
  });

  it('shows the terminated text and no form when the study stopped recruiting', async () => {
    openConsent(FIRST, {
      [`GET /api${consentPath(FIRST.id)}`]: () => ({ status: 200, body: consentOf({ isTerminated: true }) }),
    });
    expect(await screen.findByText(RECRUITMENT_MESSAGES.terminated)).toBeVisible();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('hides the form with the terminated text when the study stops while the candidate answers', async () => {
    const { user } = openConsent(FIRST, {
      [`PUT /api${consentPath(FIRST.id)}`]: () =>
        replyError(409, RECRUITMENT_MESSAGES.terminated, 'CONFLICT'),
    });
    await user.click(await screen.findByRole('radio', { name: FIRST.agreeLabel }));
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    expect(await screen.findByText(RECRUITMENT_MESSAGES.terminated)).toBeVisible();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('opens the emailed validation link: sends its token once, drops it from the address, shows the consent', async () => {
    let validated = false;
    const validate = `POST /api/recruitment/7/candidate/${CANDIDATE_ID}/validate`;
    const calls = stubRecruitmentApi({
      [validate]: () => {
        validated = true;
        return { status: 200, body: { validated: true } };
      },
      [`GET /api${consentPath(FIRST.id)}`]: () =>
        validated
          ? { status: 200, body: FIRST }
          : replyError(403, RECRUITMENT_MESSAGES.validateFirst, 'EMAIL_NOT_VERIFIED'),
    });
    const { location } = renderRoute(`${consentPath(FIRST.id)}?token=signed.token.value`);
    expect(await screen.findByRole('heading', { level: 1, name: FIRST.title })).toBeVisible();
    expect(location().pathname).toBe(consentPath(FIRST.id));
    expect(location().search).toBe('');
    const sent = calls.filter((call) => `${call.method} ${call.path}` === validate);
    expect(sent.map((call) => call.body)).toEqual([{ token: 'signed.token.value' }]);
  });

  it('says why when the consent is opened before the email is validated', async () => {
    stubRecruitmentApi({
      [`GET /api${consentPath(FIRST.id)}`]: () =>
        replyError(403, RECRUITMENT_MESSAGES.validateFirst, 'EMAIL_NOT_VERIFIED'),
    });
    renderRoute(consentPath(FIRST.id));
    expect(await screen.findByRole('alert')).toHaveTextContent(RECRUITMENT_MESSAGES.validateFirst);
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('says the token is invalid when the validation link is broken', async () => {
    stubRecruitmentApi({
      [`POST /api/recruitment/7/candidate/${CANDIDATE_ID}/validate`]: () =>
        replyError(400, RECRUITMENT_MESSAGES.missingToken, 'VALIDATION_FAILED'),
    });
    renderRoute(`${consentPath(FIRST.id)}?token=broken`);
    expect(await screen.findByRole('alert')).toHaveTextContent(RECRUITMENT_MESSAGES.missingToken);
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('says so when the link points at no consent', async () => {
    stubRecruitmentApi({});
    renderRoute(`/recruitment/7/candidate/${CANDIDATE_ID}/consent/999`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(RECRUITMENT_MESSAGES.notFound);
    expect(within(document.body).queryByRole('form')).not.toBeInTheDocument();
  });
});
