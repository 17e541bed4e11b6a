import fs from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  type AnswerRecord,
  indexAnswers,
  QUESTIONNAIRE_ORDER,
  SURVEY_SLUGS,
  type SurveyDefinition,
  type SurveyQuestion,
  visibleQuestions,
} from '@portal/domain';
import {
  type CreatedKit,
  createKits,
  createUser,
  expect,
  expectAccessible,
  login,
  setKitStatus,
  type TestUser,
  test,
} from './fixtures.ts';

const OPS_HEADERS = { 'x-ops-key': 'e2e-ops-key' };
const PROFILE = fs.readFileSync(
  new URL('../../../packages/domain/test-data/report/gmwi2/SRR1761667_metaphlan.txt', import.meta.url),
  'utf8',
);
const BOOKED_SUBJECT = 'Your Microbiome Coach call is booked';

/** The lab's part: the kit goes out, the sample comes back and its profile is imported. */
async function kitWithResults(request: APIRequestContext, ownerEmail: string): Promise<CreatedKit> {
  const [kit] = await createKits(request, { ownerEmail });
  if (!kit) throw new Error('a kit expected');
  await setKitStatus(request, kit.id, { kitStatus: 'REQUESTED' });
  await setKitStatus(request, kit.id, { kitStatus: 'DISPATCHED_BY_LAB' });
  await setKitStatus(request, kit.id, { sampleStatus: 'RECEIVED_BY_LAB' });
  const response = await request.post('/api/admin/results', {
    headers: OPS_HEADERS,
    data: { sampleIdentifier: kit.sampleIdentifier, profile: PROFILE },
  });
  expect(response.status(), await response.text()).toBe(201);
  return kit;
}

/** A valid answer to any question: the first option, No, the minimum, last week or a few words. */
function typicalAnswer(question: SurveyQuestion): AnswerRecord {
  const record = { questionId: question.questionId, answers: [] as number[], answerString: null };
  switch (question.answerType) {
    case 'SINGLE_OPTION':
    case 'MULTI_OPTION':
      return { ...record, answers: [question.answers[0]?.id ?? 0] };
    case 'BOOLEAN':
      return { ...record, answerString: 'false' };
    case 'DATE':
      return { ...record, answerString: new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10) };
    case 'TEXT':
      return { ...record, answerString: 'Nothing to add' };
    default:
      return { ...record, answerString: String(question.min ?? 1) };
  }
}

/**
 * Answers every shown compulsory question of the five questionnaires through the API, as the person
 * (signed in with their own email and password), asking the domain's rules which question shows next.
 */
async function completeQuestionnaires(request: APIRequestContext, user: TestUser, kitId: number) {
  const signIn = await request.post('/api/auth/login', {
    data: { email: user.email, password: user.password },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const { access_token } = (await signIn.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${access_token}` };
  for (const type of QUESTIONNAIRE_ORDER) {
    const response = await request.get(`/api/surveys/${SURVEY_SLUGS[type]}`, { headers });
    expect(response.status(), await response.text()).toBe(200);
    const definition = (await response.json()) as SurveyDefinition;
    const answers: AnswerRecord[] = [];
    let progress = { totalQuestions: -1, completedQuestions: 0 };
    for (;;) {
      const index = indexAnswers(answers);
      const next = visibleQuestions(definition, index).find((q) => q.compulsory && !index[q.questionId]);
      if (!next) break;
      const answer = typicalAnswer(next);
      const saved = await request.put(`/api/kits/${kitId}/surveys/${type}`, { headers, data: answer });
      expect(saved.status(), `${type} ${next.questionId}: ${await saved.text()}`).toBe(200);
      ({ progress } = (await saved.json()) as { progress: typeof progress });
      answers.push(answer);
    }
    expect(progress.completedQuestions, `${type} complete`).toBe(progress.totalQuestions);
  }
}

/** The subject lines of the mail sent to `to` so far. */
async function mailTo(request: APIRequestContext, to: string) {
  const response = await request.get(`/api/admin/mail?to=${encodeURIComponent(to)}`, {
    headers: OPS_HEADERS,
  });
  return (await response.json()) as { subject: string; text: string }[];
}

async function openCoach(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Coach' }).click();
  await expect(page).toHaveURL(/\/coach$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Microbiome Coach' })).toBeVisible();
}

const coachTile = (scope: Locator) => scope.locator('.coach-tile');

test('a person books the coach call of a kit with results once the questionnaires are complete', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const user = await createUser(request);
  const kit = await kitWithResults(request, user.email);
  await login(page, user);

  // Results, questionnaires open: grey, and How to book explains.
  await openCoach(page);
  const row = page.getByRole('article', { name: `KIT-${kit.id}` });
  await expect(coachTile(row)).toHaveAttribute('data-state', 'HOW_TO');
  await expect(page.getByText('A 15-minute Microbiome Coach call is included with each kit.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Make Appointment' })).toHaveCount(0);
  await expectAccessible(page);
  const howToBook = row.getByRole('button', { name: 'How to book' });
  await howToBook.click();
  const info = page.getByRole('dialog', { name: 'How to book your Microbiome Coach session' });
  await expect(info).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(info).toBeHidden();
  await expect(howToBook).toBeFocused();

  // Every questionnaire complete: green, Book now!
  await completeQuestionnaires(request, user, kit.id);
  await page.reload();
  await expect(coachTile(row)).toHaveAttribute('data-state', 'BOOK');
  await expect(page.getByRole('button', { name: 'Make Appointment' })).toBeVisible();
  const bookNow = row.getByRole('button', { name: 'Book now!' });
  await bookNow.click();
  const booking = page.getByRole('dialog', { name: 'Book your Microbiome Coach call' });
  await expect(booking.getByLabel('Day')).toBeVisible();
  const times = booking.getByRole('group', { name: /^Times on .+ \(Brisbane time\)$/ });
  const firstTime = times.getByRole('radio').first();
  await expect(firstTime).toBeVisible();
  await expectAccessible(page);

  await firstTime.check();
  const startsAt = await firstTime.getAttribute('value');
  await booking.getByRole('button', { name: 'Book this time' }).click();
  const confirmation = booking
    .getByRole('status')
    .filter({ hasText: 'Your Microbiome Coach call is booked for' });
  await expect(confirmation).toHaveText(/^Your Microbiome Coach call is booked for .+ \(Brisbane time\)\.$/);
  const confirmed = (await confirmation.textContent()) as string;
  await expect(booking.getByText('To move it, choose another time and book it.')).toBeVisible();
  await expect(booking.getByRole('alert')).toHaveCount(0);

  // The confirmation email says the same.
  await expect
    .poll(async () => (await mailTo(request, user.email)).find((m) => m.subject === BOOKED_SUBJECT)?.text)
    .toContain(confirmed);

  await page.keyboard.press('Escape');
  await expect(booking).toBeHidden();
  await expect(bookNow).toBeFocused();
  await expect(row.locator(`.coach-booked time[datetime="${startsAt}"]`)).toBeVisible();

  // The kits page's tile opens the same booking, which shows the call just booked.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Kits' }).click();
  // The router keeps the coach page on screen until the kits page's code has arrived, and the coach
  // page has a 'Book now!' in an article of the same name: wait for the kits page itself.
  await expect(page.getByRole('heading', { level: 1, name: 'My Sampling Kits' })).toBeVisible();
  const card = page.getByRole('article', { name: `KIT-${kit.id}` });
  await card.getByRole('button', { name: 'Book now!' }).click();
  await expect(booking.locator(`.coach-current-booking time[datetime="${startsAt}"]`)).toBeVisible();
  await booking.getByRole('button', { name: 'Close' }).click();
  await expect(booking).toBeHidden();

  // The coach records the finished session: blue, and counted on the dashboard. With one report there is
  // nothing to compare, so the tile opens the report (issue 21).
  await setKitStatus(request, kit.id, { sampleStatus: 'MICROBIOME_COACH_SESSION_COMPLETED' });
  await openCoach(page);
  await expect(coachTile(row)).toHaveAttribute('data-state', 'COMPLETED');
  await expect(coachTile(row)).toHaveClass(/coach-tile-completed/);
  await expect(row.getByRole('link', { name: 'Compare your reports' })).toHaveCount(0);
  await expect(row.getByRole('link', { name: 'View your report' })).toHaveAttribute(
    'href',
    `/report?samples=${kit.sampleIdentifier}`,
  );
  await expect(page.getByRole('button', { name: 'Make Appointment' })).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  const summary = page.getByRole('region', { name: 'Your kits at a glance' });
  await expect(
    summary.locator('.summary-item', { hasText: 'Coach sessions' }).getByRole('definition'),
  ).toHaveText('1 of 1');
});
