import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endSession } from '../../../lib/session.ts';
import { renderRoute } from '../../../test/render.tsx';
import { makeProject, participant, projectKit, researchConfig, stubApi } from '../research.test-helpers.ts';

const stats = (done: number) =>
  ['DAY_OF_SAMPLING', 'MEDICAL_HISTORY', 'MENTAL', 'EXERCISE', 'FOOD'].map((surveyType) => ({
    surveyType,
    completedQuestions: done,
    totalQuestions: 4,
  }));

const study = makeProject();
const halfDone = projectKit(study, {
  id: 51,
  name: 'Visit 1',
  kitStatus: 'REQUESTED',
  surveysStats: stats(2),
});
const allDone = projectKit(study, {
  id: 52,
  name: 'Visit 2',
  kitStatus: 'REQUESTED',
  surveysStats: stats(4),
});
const notSent = projectKit(study, { id: 53, name: 'Spare', kitStatus: 'ASSIGNED', surveysStats: stats(0) });
const kits = [halfDone, allDone, notSent];

beforeEach(() => {
  endSession(null);
  stubApi({
    'GET /research/kits': { status: 200, body: [{ ...study, kits }] },
    'GET /kits': { status: 200, body: kits },
  });
});
afterEach(() => vi.unstubAllGlobals());

const show = (path: string) => renderRoute(path, { signedInAs: participant, config: researchConfig });

describe("reaching a kit's questionnaires on the research portal", () => {
  it('gives each activated kit on My Research a Questionnaires action opening the list at that kit', async () => {
    show('/kits');
    const card = (name: string) => screen.getByRole('article', { name });
    expect(
      await within(await screen.findByRole('article', { name: 'Visit 1' })).findByRole('link', {
        name: /^Open Questionnaires\s*Visit 1$/,
      }),
    ).toHaveAttribute('href', '/surveys?scrollingPosition=kit-51');
    expect(
      within(card('Visit 2')).getByRole('link', { name: /^Open Questionnaires\s*Visit 2$/ }),
    ).toHaveAttribute('href', '/surveys?scrollingPosition=kit-52');
    expect(within(card('Spare')).queryByRole('link', { name: /Questionnaires/ })).toBeNull();
  });

  it('says a kit\'s id and "Questionnaires" once per card, and names no two regions alike', async () => {
    const unnamed = projectKit(study, { id: 54, name: null, kitStatus: 'REQUESTED', surveysStats: stats(1) });
    stubApi({ 'GET /research/kits': { status: 200, body: [{ ...study, kits: [unnamed, halfDone] }] } });
    show('/kits');
    const card = await screen.findByRole('article', { name: 'KIT-54' });
    // What the card shows (a link's hidden words name its kit for screen readers).
    const shown = { exact: true, ignore: 'script, style, .visually-hidden' };
    expect(within(card).getAllByText('KIT-54', shown)).toHaveLength(1);
    expect(within(card).getAllByText('Questionnaires', shown)).toHaveLength(1);
    // A named kit still shows its id.
    expect(within(screen.getByRole('article', { name: 'Visit 1' })).getByText('KIT-51')).toBeVisible();
    const names = screen.getAllByRole('region').map((region) => region.getAttribute('aria-labelledby'));
    const labels = names.map((id) => (id ? document.getElementById(id)?.textContent : null));
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('reminds the participant on the dashboard of a project with questionnaires left, in one row', async () => {
    show('/dashboard');
    const notifications = await screen.findByRole('region', { name: 'Notifications' });
    const prompt = await within(notifications).findByRole('link', {
      name: new RegExp(`^Answer questionnaires\\s*${study.name}$`),
    });
    expect(prompt).toHaveAttribute('href', '/surveys?scrollingPosition=kit-51');
    // Visit 1 has its five questionnaires half answered; Visit 2 is done.
    expect(prompt.closest('li')).toHaveTextContent('5 questionnaires to answer');
    expect(within(notifications).getAllByRole('listitem')).toHaveLength(1 + kits.length);
  });

  it('keeps the notifications panel at 7 rows, questionnaire prompts included (research §2)', async () => {
    const second = makeProject({ id: 2, name: 'Second study' });
    const many = Array.from({ length: 12 }, (_, i) =>
      projectKit(i < 6 ? study : second, {
        id: 100 + i,
        name: `Kit ${i}`,
        kitStatus: 'REQUESTED',
        surveysStats: stats(1),
      }),
    );
    stubApi({
      'GET /research/kits': {
        status: 200,
        body: [
          { ...study, kits: many.slice(0, 6) },
          { ...second, kits: many.slice(6) },
        ],
      },
    });
    show('/dashboard');
    const notifications = await screen.findByRole('region', { name: 'Notifications' });
    await within(notifications).findByRole('link', { name: /^Answer questionnaires\s*Second study$/ });
    const rows = within(notifications).getAllByRole('listitem');
    expect(rows).toHaveLength(7);
    expect(rows.filter((row) => /questionnaires to answer/.test(row.textContent ?? ''))).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('30 questionnaires to answer');
  });

  it('opens the questionnaires list at the kit: scrolled to, highlighted and its heading focused', async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    show('/surveys?scrollingPosition=kit-52');
    const kit = await screen.findByRole('article', { name: 'Visit 2' });
    expect(kit).toHaveAttribute('id', 'kit-52');
    await waitFor(() => expect(kit).toHaveClass('kit-card-highlight'), { timeout: 3000 });
    expect(scrolled).toHaveBeenCalled();
    // The heading takes focus in an effect after the highlight renders: on a busy machine the test can
    // see the highlight before that effect has run.
    await waitFor(() => expect(within(kit).getByRole('heading', { name: 'Visit 2' })).toHaveFocus());
  });
});
