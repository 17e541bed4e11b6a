import { ANSWER_MESSAGES, type AnswerRecord } from '@portal/domain';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endSession } from '../../../lib/session.ts';
import { type ApiCall, stubApi } from '../../../test/kits.tsx';
import { renderRoute } from '../../../test/render.tsx';
import { SURVEY_TEXTS } from '../survey-texts.ts';
import { testDefinition } from '../surveys.test-helpers.ts';

const PATH = '/surveys/day-of-sampling/5';
const SAVE = 'PUT /kits/5/surveys/day-of-sampling';
const progress = { surveyType: 'DAY_OF_SAMPLING', totalQuestions: 5, completedQuestions: 1 };

type Reply = { status: number; body?: unknown };

function setup(
  stored: AnswerRecord[] = [],
  save: (call: ApiCall) => Reply = (call) => ({ status: 200, body: { saved: call.body, progress } }),
) {
  // The server keeps what it takes, so reading the answers again after a save finds the same answers.
  const server = new Map(stored.map((r) => [r.questionId, r]));
  const calls = stubApi({
    'GET /surveys/day-of-sampling': { status: 200, body: testDefinition },
    'GET /kits/5/surveys/day-of-sampling/answers': () => ({
      status: 200,
      body: {
        questionResultsMap: Object.fromEntries(server),
        progress: { ...progress, completedQuestions: stored.length },
      },
    }),
    [SAVE]: (call) => {
      const reply = save(call);
      if (reply.status < 300) {
        const { clientSequence: _, ...record } = call.body as AnswerRecord & { clientSequence: number };
        server.set(record.questionId, record);
      }
      return reply;
    },
    'DELETE /kits/5/surveys/day-of-sampling/answers/NOTES': () => {
      server.delete('NOTES');
      return { status: 200, body: { progress } };
    },
  });
  const rendered = renderRoute(PATH, { signedInAs: {} });
  return {
    ...rendered,
    calls,
    server,
    saves: () => calls.filter((c) => `${c.method} ${c.path}` === SAVE),
  };
}

const yes = { questionId: 'ANTIBIOTICS', answers: [], answerString: 'true' };
const card = (name: RegExp) => screen.getByRole('group', { name });
const numberInput = (name: RegExp) => within(card(name)).getByRole('spinbutton');
/** Runs the fake clock and lets the requests it starts finish. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => endSession(null));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Questionnaire page', () => {
  it('shows the header, the heading, the how-to and the questions under their sections', async () => {
    const { user } = setup([yes]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Day of sampling' })).toBeVisible();
    expect(screen.getByRole('button', { name: SURVEY_TEXTS.saveAndClose })).toBeVisible();
    expect(screen.getByText('Kit ID: KIT-5')).toBeVisible();
    expect(screen.getByRole('progressbar', { name: SURVEY_TEXTS.pageProgressLabel })).toHaveAttribute(
      'aria-valuenow',
      '20',
    );
    expect(screen.getByText('Think about the day of sampling.')).not.toBeVisible();
    await user.click(screen.getByText(SURVEY_TEXTS.howTo));
    expect(screen.getByText('Think about the day of sampling.')).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Bowel habits' })).toBeVisible();
    expect(card(/Have you taken antibiotics/)).toHaveAccessibleName(
      '1. Have you taken antibiotics in the last 3 months? (required)',
    );
    expect(within(card(/Have you taken antibiotics/)).getByRole('radio', { name: 'Yes' })).toBeChecked();
    expect(card(/anything else/)).toHaveAccessibleName(
      '5. Is there anything else you would like us to know?',
    );
  });

  it('hides the follow-ups of a No live and shows them again on Yes (skip trigger)', async () => {
    const { user } = setup([yes]);
    const antibiotics = await screen.findByRole('group', { name: /Have you taken antibiotics/ });
    expect(card(/Which antibiotic/)).toBeVisible();
    await user.click(within(antibiotics).getByRole('radio', { name: 'No' }));
    expect(screen.queryByRole('group', { name: /Which antibiotic/ })).not.toBeInTheDocument();
    expect(card(/bowel movements/)).toBeVisible();
    await user.click(within(antibiotics).getByRole('radio', { name: 'Yes' }));
    expect(card(/Which antibiotic/)).toBeVisible();
  });

  it('shows the other-antibiotic question only for Another antibiotic (show trigger)', async () => {
    const { user } = setup([yes]);
    const which = await screen.findByRole('group', { name: /Which antibiotic/ });
    expect(screen.queryByRole('group', { name: /other antibiotic/ })).not.toBeInTheDocument();
    await user.click(within(which).getByRole('radio', { name: 'Another antibiotic' }));
    expect(card(/other antibiotic/)).toBeVisible();
    await user.click(within(which).getByRole('radio', { name: 'Amoxicillin' }));
    expect(screen.queryByRole('group', { name: /other antibiotic/ })).not.toBeInTheDocument();
  });

  it.each([
    ['0', ANSWER_MESSAGES.belowMin],
    ['99', ANSWER_MESSAGES.aboveMax],
    ['-3', ANSWER_MESSAGES.negative],
    ['99999999999999999999', ANSWER_MESSAGES.tooBig],
  ])('explains a number %j with %j, linked to the input', async (value, message) => {
    setup();
    await screen.findByRole('heading', { level: 1 });
    const input = numberInput(/bowel movements/);
    fireEvent.change(input, { target: { value } });
    expect(input).toHaveAccessibleDescription(message);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(card(/bowel movements/)).toHaveAccessibleDescription(message);
  });

  it('takes a number from 0 and ignores the minus key', async () => {
    setup();
    await screen.findByRole('heading', { level: 1 });
    const input = numberInput(/days were you active/);
    expect(input).toHaveAttribute('min', '0');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAccessibleName(/days$/);
    expect(fireEvent.keyDown(input, { key: '-' })).toBe(false);
    expect(fireEvent.keyDown(input, { key: '5' })).toBe(true);
  });

  it("shows the server's progress: the figure with the answers, then the one each save stored", async () => {
    // Figures no browser computation gives for these answers: the page can only have them from the server.
    const { calls } = setup([yes], (call) => ({
      status: 200,
      body: { saved: call.body, progress: { ...progress, completedQuestions: 4 } },
    }));
    await screen.findByRole('heading', { level: 1 });
    const bar = () => screen.getByRole('progressbar', { name: SURVEY_TEXTS.pageProgressLabel });
    expect(bar()).toHaveAttribute('aria-valuenow', '20');
    vi.useFakeTimers();
    fireEvent.change(numberInput(/bowel movements/), { target: { value: '3' } });
    await advance(500);
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
    expect(bar()).toHaveAttribute('aria-valuenow', '80');
  });

  it('saves a question 500 ms after its last change, with an increasing clientSequence', async () => {
    const { saves } = setup();
    await screen.findByRole('heading', { level: 1 });
    vi.useFakeTimers();
    const input = numberInput(/bowel movements/);
    fireEvent.change(input, { target: { value: '3' } });
    expect(screen.getByText(SURVEY_TEXTS.saving)).toBeVisible();
    await advance(400);
    fireEvent.change(input, { target: { value: '4' } });
    await advance(499);
    expect(saves()).toHaveLength(0);
    await advance(1);
    expect(saves().map((c) => c.body)).toEqual([
      { questionId: 'BM_COUNT', answers: [], answerString: '4', clientSequence: expect.any(Number) },
    ]);
    expect(screen.getByText(SURVEY_TEXTS.saved)).toBeVisible();

    fireEvent.click(within(card(/any of the following/)).getByRole('checkbox', { name: 'Fever' }));
    await advance(500);
    const [first, second] = saves().map((c) => (c.body as { clientSequence: number }).clientSequence);
    expect(saves()[1]?.body).toMatchObject({ questionId: 'SYMPTOMS', answers: [602], answerString: null });
    expect(second).toBeGreaterThan(first ?? Number.POSITIVE_INFINITY);
  });

  it('sends an invalid number anyway, so the stored one is deleted, and shows the server message', async () => {
    const { saves } = setup([yes], () => ({
      status: 400,
      body: {
        message: ANSWER_MESSAGES.aboveMax,
        code: 'VALIDATION',
        fields: { BM_COUNT: ANSWER_MESSAGES.aboveMax },
        // The figure after the delete, which no browser computation gives for these answers.
        progress: { ...progress, completedQuestions: 3 },
      },
    }));
    await screen.findByRole('heading', { level: 1 });
    vi.useFakeTimers();
    fireEvent.change(numberInput(/bowel movements/), { target: { value: '99' } });
    await advance(500);
    expect(saves().map((c) => c.body)).toMatchObject([{ questionId: 'BM_COUNT', answerString: '99' }]);
    expect(numberInput(/bowel movements/)).toHaveAccessibleDescription(ANSWER_MESSAGES.aboveMax);
    // The refusal's own figure is shown (issue 31): a read of the answers would say 1 of 5 (20).
    const bar = screen.getByRole('progressbar', { name: SURVEY_TEXTS.pageProgressLabel });
    expect(bar).toHaveAttribute('aria-valuenow', '60');
  });

  it('shows a refusal of the server on the question card', async () => {
    setup([], () => ({
      status: 409,
      body: { message: 'Questionnaires open once your kit has been activated.', code: 'CONFLICT' },
    }));
    await screen.findByRole('heading', { level: 1 });
    vi.useFakeTimers();
    fireEvent.click(within(card(/Have you taken antibiotics/)).getByRole('radio', { name: 'Yes' }));
    await advance(500);
    expect(card(/Have you taken antibiotics/)).toHaveAccessibleDescription(
      'Questionnaires open once your kit has been activated.',
    );
  });

  it('deletes a cleared optional answer without complaining', async () => {
    const { calls } = setup([{ questionId: 'NOTES', answers: [], answerString: 'All good' }]);
    const notes = within(await screen.findByRole('group', { name: /anything else/ })).getByRole('textbox');
    vi.useFakeTimers();
    fireEvent.change(notes, { target: { value: '' } });
    await advance(500);
    expect(calls).toContainEqual(
      expect.objectContaining({ method: 'DELETE', path: '/kits/5/surveys/day-of-sampling/answers/NOTES' }),
    );
    expect(notes).not.toHaveAccessibleDescription();
  });

  it('takes an answer saved in another window on focus and after a save, and says so (issue 33)', async () => {
    const { server } = setup([yes]);
    const antibiotics = await screen.findByRole('group', { name: /Have you taken antibiotics/ });
    expect(within(antibiotics).getByRole('radio', { name: 'Yes' })).toBeChecked();
    // Another window answers No: this one learns it when it gets the focus back.
    server.set('ANTIBIOTICS', { questionId: 'ANTIBIOTICS', answers: [], answerString: 'false' });
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(await within(antibiotics).findByText(SURVEY_TEXTS.updatedElsewhere)).toBeVisible();
    expect(within(antibiotics).getByRole('radio', { name: 'No' })).toBeChecked();

    // Another window writes notes; this one saves a symptom, and finds the notes with its save.
    server.set('NOTES', { questionId: 'NOTES', answers: [], answerString: 'From the other window' });
    vi.useFakeTimers();
    fireEvent.click(within(card(/any of the following/)).getByRole('checkbox', { name: 'Fever' }));
    await advance(500);
    const notes = card(/anything else/);
    expect(within(notes).getByRole('textbox')).toHaveValue('From the other window');
    expect(within(notes).getByText(SURVEY_TEXTS.updatedElsewhere)).toBeVisible();
    // The symptom just saved here is not said to come from elsewhere.
    expect(within(card(/any of the following/)).queryByText(SURVEY_TEXTS.updatedElsewhere)).toBeNull();
  });

  it("says 'Failed to save answers' with the support address when the server cannot be reached", async () => {
    setup([], () => ({ status: 503, body: { message: 'Service unavailable', code: 'UNAVAILABLE' } }));
    await screen.findByRole('heading', { level: 1 });
    vi.useFakeTimers();
    fireEvent.click(within(card(/Have you taken antibiotics/)).getByRole('radio', { name: 'No' }));
    await advance(500);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(SURVEY_TEXTS.saveFailed);
    expect(within(alert).getByRole('link', { name: 'support@example.com' })).toHaveAttribute(
      'href',
      'mailto:support@example.com',
    );
    expect(screen.getByText(SURVEY_TEXTS.notSaved)).toBeVisible();
  });

  it("says 'Failed to get questionnaire answers' with the support address when loading fails", async () => {
    stubApi({
      'GET /surveys/day-of-sampling': { status: 200, body: testDefinition },
      'GET /kits/5/surveys/day-of-sampling/answers': {
        status: 404,
        body: { message: 'We could not find that kit in your account.', code: 'NOT_FOUND' },
      },
    });
    renderRoute(PATH, { signedInAs: {} });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(SURVEY_TEXTS.loadFailed);
    expect(alert).toHaveTextContent('We could not find that kit in your account.');
    expect(within(alert).getByRole('link', { name: 'support@example.com' })).toBeVisible();
  });

  it("'Save and next' saves what is waiting, shows Saving… for 1 s and Saved for 1 s, then goes to the list", async () => {
    const { location, saves } = setup();
    await screen.findByRole('heading', { level: 1 });
    vi.useFakeTimers();
    fireEvent.change(numberInput(/bowel movements/), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: SURVEY_TEXTS.saveAndNext }));
    await advance(0);
    expect(saves()).toHaveLength(1);
    expect(screen.getByText(SURVEY_TEXTS.saving)).toBeVisible();
    await advance(999);
    expect(screen.getByText(SURVEY_TEXTS.saving)).toBeVisible();
    await advance(1);
    expect(screen.getByText(SURVEY_TEXTS.saved)).toBeVisible();
    await advance(999);
    expect(location().pathname).toBe(PATH);
    await advance(1);
    expect(location().pathname).toBe('/surveys');
  });

  it("'Save and close' saves what is waiting and goes back to the list", async () => {
    const { location, user, saves } = setup();
    await screen.findByRole('heading', { level: 1 });
    fireEvent.change(numberInput(/bowel movements/), { target: { value: '2' } });
    await user.click(screen.getByRole('button', { name: SURVEY_TEXTS.saveAndClose }));
    expect(saves()).toHaveLength(1);
    await vi.waitFor(() => expect(location().pathname).toBe('/surveys'));
  });
});
