import type { Kit } from '@portal/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KITS_TEXTS } from '../../../components/kits/kit-texts.ts';
import { endSession } from '../../../lib/session.ts';
import { makeKit, makeSentKit, stubApi } from '../../../test/kits.tsx';
import { renderRoute } from '../../../test/render.tsx';
import { SURVEY_TEXTS } from '../survey-texts.ts';

const stat = (surveyType: string, completedQuestions: number, totalQuestions: number) => ({
  surveyType,
  completedQuestions,
  totalQuestions,
});
const ALL_DONE = ['DAY_OF_SAMPLING', 'MEDICAL_HISTORY', 'MENTAL', 'EXERCISE', 'FOOD'].map((t) =>
  stat(t, 4, 4),
);
const withResults = { kitStatus: 'RESULTS_AVAILABLE', sampleStatus: 'RESULTS_AVAILABLE' } as const;

const completeProfile = {
  gender: 'FEMALE',
  dateOfBirth: '1990-05-04',
  phoneNumber: '0400 000 000',
  addressLine1: '1 Queen St',
  suburb: 'Brisbane City',
  state: 'QLD',
  postcode: '4000',
};

function showKits(kits: Kit[], research = false) {
  const calls = stubApi({
    'GET /kits': { status: 200, body: kits },
    'GET /kits/sent': { status: 200, body: [makeSentKit({ kitId: 9, receiverEmail: 'sam@example.com' })] },
    'PUT /kits/30': { status: 200, body: { ...kits[0], reportReceived: true } },
  });
  const rendered = research
    ? renderRoute('/surveys', { signedInAs: completeProfile, config: { appType: 'RESEARCH' } })
    : renderRoute('/surveys', { signedInAs: {} });
  return { ...rendered, calls };
}

const kitCard = (name: string) => screen.getByRole('article', { name });

beforeEach(() => endSession(null));
afterEach(() => vi.unstubAllGlobals());

describe('Questionnaires list', () => {
  it('lists the activated kits with a row per questionnaire in order', async () => {
    showKits([
      makeKit({ id: 1, name: 'Not sent yet' }),
      makeKit({ id: 2, name: 'Redeemed only', kitStatus: 'ASSIGNED' }),
      makeKit({
        id: 3,
        kitStatus: 'REQUESTED',
        activatedDate: '2024-05-04T02:00:00.000Z',
        surveysStats: [stat('FOOD', 0, 10), stat('DAY_OF_SAMPLING', 5, 5), stat('MEDICAL_HISTORY', 2, 8)],
      }),
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Questionnaires' })).toBeVisible();
    expect(screen.getByText(SURVEY_TEXTS.intro[0])).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Kits in My Journey' })).toHaveAttribute('aria-selected', 'true');
    const card = await screen.findByRole('article', { name: 'May 2024' });
    expect(screen.queryByRole('article', { name: 'Not sent yet' })).not.toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Redeemed only' })).not.toBeInTheDocument();
    expect(within(card).getByText('KIT-3')).toBeVisible();
    expect(within(card).getByText('Packing')).toBeVisible();
    expect(within(card).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '30');

    const rows = within(card).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('.survey-row-name')?.textContent)).toEqual([
      'Day of sampling',
      'Medical history',
      'Food and drink',
    ]);
    expect(rows[0]).toHaveTextContent('About 5-10 min');
    expect(rows[1]).toHaveTextContent('2 of 8 questions answered');
    const links = within(card).getAllByRole('link');
    expect(links.map((link) => [link.textContent?.split(' ')[0], link.getAttribute('href')])).toEqual([
      ['Review', '/surveys/day-of-sampling/3'],
      ['Continue', '/surveys/medical-history/3'],
      ['Start', '/surveys/food/3'],
    ]);
  });

  it('says questionnaires appear once a kit is activated', async () => {
    showKits([makeKit({ id: 1 }), makeKit({ id: 2, kitStatus: 'ASSIGNED' })]);
    expect(await screen.findByText('Questionnaires will appear when you activate your kit.')).toBeVisible();
  });

  it('offers Make appointment only when the coach tile shows and every questionnaire is done', async () => {
    showKits([
      makeKit({ id: 1, name: 'Ready to book', ...withResults, surveysStats: ALL_DONE }),
      makeKit({
        id: 2,
        name: 'Almost done',
        ...withResults,
        surveysStats: [...ALL_DONE.slice(1), stat('DAY_OF_SAMPLING', 3, 4)],
      }),
      makeKit({ id: 3, name: 'Still at the lab', kitStatus: 'RECEIVED_BY_LAB', surveysStats: ALL_DONE }),
    ]);
    const ready = await screen.findByRole('article', { name: 'Ready to book' });
    expect(within(ready).getByRole('link', { name: /Make appointment/ })).toHaveAttribute('href', '/coach');
    expect(within(ready).getByRole('link', { name: /View report/ })).toHaveAttribute('href', '/report/1');
    expect(within(ready).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(within(kitCard('Almost done')).queryByRole('link', { name: /Make appointment/ })).toBeNull();
    expect(within(kitCard('Almost done')).getByRole('link', { name: /View report/ })).toBeVisible();
    expect(within(kitCard('Still at the lab')).queryByRole('link', { name: /Make appointment/ })).toBeNull();
    expect(within(kitCard('Still at the lab')).queryByRole('link', { name: /View report/ })).toBeNull();
  });

  it('says when there are no questionnaires yet, with a picture and the way to activate a kit', async () => {
    showKits([]);
    expect(await screen.findByText(SURVEY_TEXTS.empty)).toBeVisible();
    // The dashboard's redeem dialog, which the address opens (consumer §2, ?showModal=REDEEM).
    expect(screen.getByRole('link', { name: KITS_TEXTS.activateKit })).toHaveAttribute(
      'href',
      '/dashboard?showModal=REDEEM',
    );
  });

  it('lists the kits given to others in their tab', async () => {
    const { user } = showKits([]);
    await user.click(screen.getByRole('tab', { name: 'Kits Given to Others' }));
    const panel = screen.getByRole('tabpanel', { name: 'Kits Given to Others' });
    expect(await within(panel).findByText('sam@example.com')).toBeVisible();
  });

  it('groups research kits by project, with a report-received box that stays ticked', async () => {
    const study = {
      id: 7,
      name: 'Gut and mood study',
      logisticType: 'CLIENT_MANAGED',
      resultDeliveryType: 'PORTAL',
    };
    const { user, calls } = showKits(
      [
        makeKit({ id: 30, name: 'Visit 1', project: study, ...withResults, surveysStats: ALL_DONE }),
        makeKit({ id: 31, name: 'Visit 2', project: study, kitStatus: 'REQUESTED', surveysStats: ALL_DONE }),
        makeKit({
          id: 33,
          name: 'Visit 3',
          project: study,
          kitStatus: 'DISPATCHED_BY_LAB',
          surveysStats: ALL_DONE,
        }),
        makeKit({
          id: 32,
          name: 'No questionnaires',
          kitStatus: 'REQUESTED',
          project: { ...study, id: 8, name: 'Blood only study' },
          exerciseSurveyEnabled: false,
          foodSurveyEnabled: false,
          medicalSurveyEnabled: false,
          mentalSurveyEnabled: false,
          samplingSurveyEnabled: false,
        }),
      ],
      true,
    );
    const project = await screen.findByRole('region', { name: 'Gut and mood study' });
    expect(screen.queryByRole('region', { name: 'Blood only study' })).not.toBeInTheDocument();
    expect(screen.getByText(SURVEY_TEXTS.researchIntro[0])).toBeVisible();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    // Research §2 and §4: each row shows the friendly status, also for a client-managed project (whose
    // My Research labels would read 'Sampling' and hide the dispatch).
    const status = (name: string) =>
      within(project).getByRole('article', { name }).querySelector('dd[data-status]');
    expect(status('Visit 2')).toHaveTextContent(/^Packing$/);
    expect(status('Visit 3')).toHaveTextContent(/^Sent$/);
    expect(status('Visit 1')).toHaveTextContent(/^Results Available$/);
    expect(
      within(within(project).getByRole('article', { name: 'Visit 2' })).getByRole('checkbox', {
        name: 'Report received',
      }),
    ).toBeDisabled();

    const received = within(kitCard('Visit 1')).getByRole('checkbox', { name: 'Report received' });
    expect(received).toBeEnabled();
    await user.click(received);
    expect(calls).toContainEqual({ method: 'PUT', path: '/kits/30', body: { reportReceived: true } });
    expect(received).toBeChecked();
    expect(await within(kitCard('Visit 1')).findByText(SURVEY_TEXTS.reportReceivedSaved)).toBeVisible();
    await user.click(received);
    expect(received).toBeChecked();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });
});
