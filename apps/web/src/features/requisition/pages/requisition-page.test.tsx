import { REQUISITION_MESSAGES as M } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test/render.tsx';
import {
  type ApiCall,
  HASH,
  kitInfoOf,
  type Reply,
  type Routes,
  replyError,
  STOOL_DEFINITION,
  SURVEY_RESULT_ID,
  stubRequisitionApi,
} from '../requisition.test-helpers.ts';
import { REQUISITION_TEXTS as T } from '../requisition-texts.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const KIT = `GET /api/requisition/kits/${HASH}`;

function open(routes: Routes = {}) {
  const calls = stubRequisitionApi({
    [KIT]: () => ({ status: 200, body: kitInfoOf() }),
    'GET /api/requisition/visitors': () => ({
      status: 200,
      body: {
        visits: [{ studyVisit: 'SV1', visitAt: '2026-01-10T08:00:00+10:00', kitTypes: ['ORBITM_S_KIT'] }],
      },
    }),
    'POST /api/requisition/kits': () => ({ status: 200, body: { message: M.submitted } }),
    ...routes,
  });
  return { ...renderRoute(`/requisition/${HASH}`), calls };
}

async function fillIn(user: UserEvent) {
  await user.type(await screen.findByLabelText(T.subjectId), 'SUBJ-9');
  await user.type(screen.getByLabelText(T.yearOfBirth), '1980');
  await user.click(screen.getByRole('radio', { name: T.female }));
  await user.selectOptions(screen.getByLabelText(T.studyVisit), 'SV2');
  await user.type(screen.getByLabelText(T.collectionDate), '01/03/2026');
  await user.type(screen.getByLabelText(T.hour), '9');
  await user.type(screen.getByLabelText(T.minute), '05');
}

const submitButton = () => screen.getByRole('button', { name: T.submit });
const posts = (calls: ApiCall[]) => calls.filter((c) => c.method === 'POST');

describe('Requisition page, blood kit', () => {
  it('shows the blood kit title and the three sections', async () => {
    open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Blood Kit Requisition Form' }),
    ).toBeVisible();
    expect(screen.getByRole('heading', { name: T.subjectSection })).toBeVisible();
    expect(screen.getByRole('heading', { name: T.visitSection })).toBeVisible();
    expect(screen.getByRole('group', { name: T.pleaseNote })).toBeVisible();
    expect(screen.getByText('Brisbane site')).toBeVisible();
  });

  it('takes the date as DD/MM/YYYY whatever the locale, and names the site zone of the times', async () => {
    const { user, calls } = open({
      [KIT]: () => ({
        status: 200,
        body: kitInfoOf({
          site: { id: 3, name: 'Sydney site', timezone: 'Australia/Sydney' },
          collections: [
            {
              kit: { kitHashedId: HASH, kitId: 9, kitType: 'ORBITM_B_KIT' },
              collectionDateAtSiteTimezone: '2026-01-20',
              collectionTimeAtSiteTimezone: '07:45',
              collectedAtEpoch: Date.parse('2026-01-19T20:45:00Z'),
            },
          ],
        }),
      }),
    });
    const date = await screen.findByLabelText(T.collectionDate);
    expect(date).toHaveAttribute('type', 'text');
    expect(date).toHaveValue('20/01/2026');
    expect(date).toHaveAccessibleDescription(T.dateHint);
    expect(screen.getByText(T.timeHint('AEDT', 'Australia/Sydney'))).toBeVisible();
    // In winter the same site keeps standard time.
    await user.clear(date);
    await user.type(date, '20/07/2026');
    expect(await screen.findByText(T.timeHint('AEST', 'Australia/Sydney'))).toBeVisible();

    await user.clear(date);
    await user.type(date, '2026-07-20');
    await user.click(submitButton());
    expect(await screen.findByText(M.collectionDateFormInvalid)).toBeVisible();
    expect(posts(calls)).toHaveLength(0);
  });

  it('checks the required fields, the year of birth and the time before sending', async () => {
    const { user, calls } = open();
    await user.click(await screen.findByRole('button', { name: T.submit }));
    expect(await screen.findByText(M.subjectIdRequired)).toBeVisible();
    expect(screen.getByText(M.yearOfBirthRequired)).toBeVisible();
    expect(screen.getByText(M.genderRequired)).toBeVisible();
    expect(screen.getByText(M.studyVisitRequired)).toBeVisible();
    expect(screen.getByText('Collection date is required')).toBeVisible();
    expect(screen.getByText('Collection time is required')).toBeVisible();

    await user.type(screen.getByLabelText(T.yearOfBirth), '1899');
    await user.type(screen.getByLabelText(T.hour), '24');
    await user.type(screen.getByLabelText(T.minute), '7a');
    await user.click(submitButton());
    expect(await screen.findByText('The year of birth has to be at least 1900.')).toBeVisible();
    expect(screen.getByText(M.hourInvalid)).toBeVisible();
    expect(screen.getByLabelText(T.yearOfBirth)).toHaveAttribute('min', '1901');
    expect(posts(calls)).toHaveLength(0);
  });

  it('adds tube replacements with Click to Add, refusing duplicates and an entry not added', async () => {
    const { user, calls } = open();
    await fillIn(user);
    const note = screen.getByRole('group', { name: T.pleaseNote });
    await user.selectOptions(within(note).getByLabelText(T.tube), 'TUBEA2');
    await user.type(within(note).getByLabelText(T.replacementTube), 'SPARE1');
    await user.click(within(note).getByRole('button', { name: T.clickToAdd }));
    expect(within(note).getByText(T.replacedBy('TUBEA2', 'SPARE1'))).toBeVisible();

    await user.selectOptions(within(note).getByLabelText(T.tube), 'TUBEA2');
    await user.type(within(note).getByLabelText(T.replacementTube), 'SPARE2');
    await user.click(within(note).getByRole('button', { name: T.clickToAdd }));
    expect(within(note).getByRole('alert')).toHaveTextContent('Tube TUBEA2 has been replaced.');

    await user.selectOptions(within(note).getByLabelText(T.tube), 'TUBEA3');
    await user.clear(within(note).getByLabelText(T.replacementTube));
    await user.type(within(note).getByLabelText(T.replacementTube), 'SPARE1');
    await user.click(within(note).getByRole('button', { name: T.clickToAdd }));
    expect(within(note).getByRole('alert')).toHaveTextContent('Replacement tube SPARE1 has been used.');

    // Typed but not added: the form says to use Click to Add and sends nothing.
    await user.click(submitButton());
    expect(await within(note).findByRole('alert')).toHaveTextContent(M.clickToAdd);
    expect(posts(calls)).toHaveLength(0);

    await user.clear(within(note).getByLabelText(T.replacementTube));
    await user.selectOptions(within(note).getByLabelText(T.tube), '');
    await user.click(submitButton());
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.body).toEqual({
      formType: 'requisition-form',
      kitHashedId: HASH,
      visitor: { externalReference: 'SUBJ-9', yearOfBirth: 1980, gender: 'FEMALE' },
      studyVisit: 'SV2',
      collections: [
        {
          kitHashedId: HASH,
          collectionDateAtSiteTimezone: '2026-03-01',
          collectionTimeAtSiteTimezone: '09:05',
        },
      ],
      note: null,
      sampleReplacements: [{ replaced: 'TUBEA2', replacedBy: 'SPARE1' }],
    });
  });

  it('clears a refused replacement error when its cause is cleared, and Submit goes through', async () => {
    const { user, calls } = open({
      [KIT]: () => ({
        status: 200,
        body: kitInfoOf({ sampleReplacements: [{ replaced: 'TUBEA1', replacedBy: 'SPARE1' }] }),
      }),
    });
    await fillIn(user);
    const note = screen.getByRole('group', { name: T.pleaseNote });
    await user.selectOptions(within(note).getByLabelText(T.tube), 'TUBEA2');
    await user.type(within(note).getByLabelText(T.replacementTube), 'SPARE1');
    await user.click(within(note).getByRole('button', { name: T.clickToAdd }));
    expect(within(note).getByRole('alert')).toHaveTextContent(M.replacementUsed('SPARE1'));

    await user.clear(within(note).getByLabelText(T.replacementTube));
    expect(within(note).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(submitButton());
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.body).toMatchObject({
      sampleReplacements: [{ replaced: 'TUBEA1', replacedBy: 'SPARE1' }],
    });
  });

  it('reloads the form after a successful submit and says so, asking for no stool questionnaire', async () => {
    const { user, calls } = open();
    await fillIn(user);
    await user.click(submitButton());
    expect(await screen.findByText(M.submitted)).toBeVisible();
    await waitFor(() => expect(calls.filter((c) => `${c.method} ${c.path}` === KIT)).toHaveLength(2));
    // A blood kit has no stool questionnaire: no call for its answers, least of all without an id.
    expect(calls.filter((c) => c.path.startsWith('/api/questionnaire'))).toEqual([]);
  });

  it('looks the subject up once typing stops and lists their visits', async () => {
    const { user, calls } = open();
    await user.type(await screen.findByLabelText(T.subjectId), 'SUBJ-9');
    expect(await screen.findByText(T.visitLine('SV1', '10/01/2026 08:00 AEST', 'Stool Kit'))).toBeVisible();
    const lookups = calls.filter((c) => c.path === '/api/requisition/visitors');
    expect(lookups.map((c) => new URLSearchParams(c.query).get('subjectId'))).toEqual(['SUBJ-9']);
  });

  it('refuses a visit where the subject already has a blood kit as it is chosen, and puts it back', async () => {
    const { user, calls } = open({
      'GET /api/requisition/visitors': () => ({
        status: 200,
        body: {
          visits: [
            {
              studyVisit: 'SV1',
              visitAt: '2026-01-10T08:00:00+10:00',
              kitTypes: ['ORBITM_B_KIT', 'ORBITM_S_KIT'],
            },
          ],
        },
      }),
    });
    await user.type(await screen.findByLabelText(T.subjectId), 'SUBJ-9');
    expect(
      await screen.findByText(T.visitLine('SV1', '10/01/2026 08:00 AEST', 'Blood Kit, Stool Kit')),
    ).toBeVisible();
    const visit = screen.getByLabelText(T.studyVisit);
    await user.selectOptions(visit, 'SV1');
    expect(
      await screen.findByText('A kit of this type already exists for this subject for the given study visit'),
    ).toBeVisible();
    expect(visit).toHaveValue('');
    await user.selectOptions(visit, 'SV2');
    expect(visit).toHaveValue('SV2');
    expect(screen.queryByText(M.duplicateKit)).not.toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);
  });

  it('refuses and reverts a duplicate visit chosen before the subject lookup returned', async () => {
    // The lookup's answer is held until the visit is chosen: on a busy machine the debounced lookup may
    // already be sent by then, but it has not returned.
    let answer: (reply: Reply) => void = () => {};
    const held = new Promise<Reply>((resolve) => {
      answer = resolve;
    });
    const { user, calls } = open({ 'GET /api/requisition/visitors': () => held });
    await user.type(await screen.findByLabelText(T.subjectId), 'SUBJ-9');
    const visit = screen.getByLabelText(T.studyVisit);
    await user.selectOptions(visit, 'SV1');
    expect(visit).toHaveValue('SV1');
    answer({
      status: 200,
      body: {
        visits: [{ studyVisit: 'SV1', visitAt: '2026-01-10T08:00:00+10:00', kitTypes: ['ORBITM_B_KIT'] }],
      },
    });
    expect(
      await screen.findByText('A kit of this type already exists for this subject for the given study visit'),
    ).toBeVisible();
    expect(visit).toHaveValue('');
    expect(posts(calls)).toHaveLength(0);
  });

  it('refuses a second kit of the type for the visit, and the study visit goes back', async () => {
    const { user } = open({
      'POST /api/requisition/kits': () => replyError(409, M.duplicateKit, 'CONFLICT'),
    });
    await fillIn(user);
    await user.click(submitButton());
    expect(await screen.findByText(M.submitFailed(M.duplicateKit))).toBeVisible();
    expect(screen.getByLabelText(T.studyVisit)).toHaveValue('');
  });

  it('shows the message the server sent when a submit fails with a 5xx (research §8)', async () => {
    const { user } = open({
      'POST /api/requisition/kits': () => ({ status: 500, body: { message: 'The site register is locked' } }),
    });
    await fillIn(user);
    await user.click(submitButton());
    expect(await screen.findByText(M.submitFailed('The site register is locked'))).toBeVisible();
    expect(screen.queryByText(/Something went wrong/)).not.toBeInTheDocument();
  });

  it('shows Unknown Kit for a label that is not a kit', async () => {
    open({ [KIT]: () => replyError(404, M.invalidKit, 'NOT_FOUND') });
    expect(await screen.findByRole('heading', { level: 1, name: M.unknownKitTitle })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(M.invalidKit);
    expect(screen.getByRole('link', { name: 'support@example.com' })).toHaveAttribute(
      'href',
      'mailto:support@example.com',
    );
  });

  it('says the details could not be loaded on any other failure', async () => {
    open({ [KIT]: () => replyError(500, 'Boom', 'INTERNAL') });
    expect(await screen.findByRole('alert')).toHaveTextContent(M.loadFailed);
  });
});

describe('Requisition page, stool kit', () => {
  const stoolRoutes: Routes = {
    [KIT]: () => ({
      status: 200,
      body: kitInfoOf({
        kit: { kitHashedId: HASH, kitType: 'ORBITM_S_KIT', tubes: ['STOOL1'] },
        surveyResults: [{ kitId: 4, surveyResultId: SURVEY_RESULT_ID, token: 'signed-token' }],
      }),
    }),
    'GET /api/questionnaire/survey/19': () => ({ status: 200, body: STOOL_DEFINITION }),
    [`GET /api/questionnaire/survey-result/${SURVEY_RESULT_ID}/survey/19`]: () => ({
      status: 200,
      body: { questionResultsMap: {} },
    }),
    [`PUT /api/questionnaire/survey-result/${SURVEY_RESULT_ID}/survey`]: (call) => ({
      status: 200,
      body: { saved: call.body },
    }),
  };

  it('asks the compulsory questions before sending, saving answers with the survey-result token', async () => {
    const { user, calls } = open(stoolRoutes);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Stool Kit Requisition Form' }),
    ).toBeVisible();
    expect(screen.queryByRole('group', { name: T.pleaseNote })).not.toBeInTheDocument();
    await fillIn(user);
    await user.click(submitButton());
    expect(await screen.findByText(M.requiredNotProvided)).toBeVisible();
    expect(screen.getByText(M.answerListed)).toBeVisible();
    // The list of the questions still to answer (the subject's visits may be listed too, once looked up).
    const unanswered = screen.getByText(M.answerListed).nextElementSibling as HTMLElement;
    expect(within(unanswered).getByRole('listitem')).toHaveTextContent(
      'Was this bowel motion typical for you?',
    );
    expect(posts(calls)).toHaveLength(0);

    const question = screen.getByRole('group', { name: /Was this bowel motion typical for you\?/ });
    await user.click(within(question).getByRole('radio', { name: 'Yes' }));
    await user.click(submitButton());
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({ questionId: 'STOOL_TYPICAL', answers: [], answerString: 'true' });
    expect(put?.headers['x-survey-result-token']).toBe('signed-token');
    expect(posts(calls)[0]?.body).toMatchObject({ sampleReplacements: [] });
  });
});
