import type { Kit } from '@portal/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endSession } from '../../../lib/session.ts';
import { makeKit, stubApi } from '../../../test/kits.tsx';
import { renderRoute } from '../../../test/render.tsx';

const ALL_DONE = ['DAY_OF_SAMPLING', 'MEDICAL_HISTORY', 'MENTAL', 'EXERCISE', 'FOOD'].map((surveyType) => ({
  surveyType,
  completedQuestions: 4,
  totalQuestions: 4,
}));
const withResults = { kitStatus: 'RESULTS_AVAILABLE', sampleStatus: 'RESULTS_AVAILABLE' } as const;
const project = (id: number, resultDeliveryType: string) => ({
  id,
  name: `Study ${resultDeliveryType}`,
  logisticType: 'LAB_MANAGED',
  resultDeliveryType,
});
const participant = {
  gender: 'FEMALE',
  dateOfBirth: '1990-05-04',
  phoneNumber: '0400 000 000',
  addressLine1: '1 Queen St',
  suburb: 'Brisbane City',
  state: 'QLD',
  postcode: '4000',
};

function showResearchKits(kits: Kit[], path = '/surveys') {
  stubApi({ 'GET /kits': { status: 200, body: kits } });
  return renderRoute(path, { signedInAs: participant, config: { appType: 'RESEARCH' } });
}

beforeEach(() => endSession(null));
afterEach(() => vi.unstubAllGlobals());

describe('Questionnaires list on the research portal', () => {
  it('never offers the report of a NO_DELIVERY project, and reads its results as received', async () => {
    showResearchKits([
      makeKit({ id: 40, name: 'Blind visit', project: project(7, 'NO_DELIVERY'), ...withResults }),
      makeKit({ id: 41, name: 'Open visit', project: project(8, 'PORTAL'), ...withResults }),
    ]);
    const blind = await screen.findByRole('article', { name: 'Blind visit' });
    expect(within(blind).queryByRole('link', { name: /View report/ })).toBeNull();
    expect(within(blind).getByRole('checkbox', { name: 'Report received' })).toBeDisabled();
    expect(blind.querySelector('dd[data-status]')).not.toHaveTextContent('Results Available');
    const open = screen.getByRole('article', { name: 'Open visit' });
    expect(within(open).getByRole('link', { name: /View report/ })).toHaveAttribute('href', '/report/41');
  });

  it('offers Make appointment at 100% with the coach shown, leading to the Coach page (research §2)', async () => {
    showResearchKits([
      makeKit({
        id: 42,
        name: 'Done visit',
        project: project(8, 'PORTAL'),
        ...withResults,
        surveysStats: ALL_DONE,
      }),
      makeKit({
        id: 43,
        name: 'Half visit',
        project: project(8, 'PORTAL'),
        ...withResults,
        surveysStats: ALL_DONE.map((s) => ({ ...s, completedQuestions: 2 })),
      }),
    ]);
    const done = await screen.findByRole('article', { name: 'Done visit' });
    expect(within(done).getByRole('link', { name: /Make appointment/ })).toHaveAttribute('href', '/coach');
    const half = screen.getByRole('article', { name: 'Half visit' });
    expect(within(half).queryByRole('link', { name: /Make appointment/ })).toBeNull();
  });

  it('opens the Coach page, with no subscription and no Coach entry in the sidebar', async () => {
    stubApi({
      'GET /kits': {
        status: 200,
        body: [makeKit({ id: 42, name: 'Done visit', ...withResults, surveysStats: ALL_DONE })],
      },
      'GET /kits/sent': { status: 200, body: [] },
      'GET /coach/bookings': { status: 200, body: [] },
    });
    renderRoute('/coach', { signedInAs: participant, config: { appType: 'RESEARCH' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Microbiome Coach' })).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Make Appointment' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /subscription/i })).toBeNull();
    for (const nav of screen.queryAllByRole('navigation'))
      expect(within(nav).queryByRole('link', { name: /Coach/ })).toBeNull();
  });
});
