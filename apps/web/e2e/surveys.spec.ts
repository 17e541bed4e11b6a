import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import {
  ANSWER_MESSAGES,
  type AnswerRecord,
  hasOptions,
  latestAnswerDate,
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
  test,
} from './fixtures.ts';

const OPS_HEADERS = { 'x-ops-key': 'e2e-ops-key' };
const profile = new URL(
  '../../../packages/domain/test-data/report/gmwi2/SRR1761667_metaphlan.txt',
  import.meta.url,
);

/** A kit of this person, sent out so its questionnaires open. */
async function activatedKit(request: Page['request'], ownerEmail: string): Promise<CreatedKit> {
  const [kit] = await createKits(request, { ownerEmail });
  if (!kit) throw new Error('a kit expected');
  await setKitStatus(request, kit.id, { kitStatus: 'REQUESTED' });
  return kit;
}

const kitCard = (page: Page, kit: CreatedKit) =>
  page.getByRole('article').filter({ has: page.getByText(`KIT-${kit.id}`, { exact: true }) });
const question = (page: Page, name: RegExp) => page.getByRole('group', { name });
const indicator = (page: Page) => page.locator('.survey-indicator');

async function expectSaved(page: Page) {
  await expect(indicator(page)).toHaveText('Saved');
}

async function choose(group: Locator, option: string) {
  await group.getByRole('radio', { name: option, exact: true }).check();
}

test('a person answers day of sampling with its skip and show rules, leaves mid-way and finds every answer again', async ({
  page,
  request,
}) => {
  const user = await createUser(request);
  const kit = await activatedKit(request, user.email);
  await login(page, user);

  await page.goto('/surveys');
  await expect(page.getByRole('heading', { level: 1, name: 'Questionnaires' })).toBeVisible();
  const card = kitCard(page, kit);
  await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  await card.getByRole('link', { name: /^Start Day of sampling/ }).click();
  await expect(page).toHaveURL(`/surveys/day-of-sampling/${kit.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Day of sampling' })).toBeVisible();
  await expect(page.getByText(`Kit ID: KIT-${kit.id}`)).toBeVisible();

  await question(page, /On what date did you collect/)
    .locator('input')
    .fill('15/01/2025');
  await choose(question(page, /At what time of day/), 'Early morning (before 9 am)');
  const count = question(page, /How many bowel movements/).getByRole('spinbutton');
  await count.fill('2');

  // Skip trigger: 'No' to antibiotics hides its follow-ups. Show trigger: 'Another antibiotic' asks which.
  const antibiotics = question(page, /Have you taken antibiotics in the last 3 months/);
  await choose(antibiotics, 'Yes');
  await choose(question(page, /When did you finish your most recent course/), 'In the last 7 days');
  const other = question(page, /name of the other antibiotic/);
  await expect(other).toHaveCount(0);
  await choose(question(page, /Which antibiotic did you take most recently/), 'Another antibiotic');
  await other.getByRole('textbox').fill('Fosfomycin');
  await choose(antibiotics, 'No');
  await expect(question(page, /Which antibiotic did you take/)).toHaveCount(0);
  await expect(other).toHaveCount(0);
  await choose(antibiotics, 'Yes');
  await expect(other.getByRole('textbox')).toHaveValue('Fosfomycin');
  await choose(question(page, /travelled outside your home country/), 'No');
  await expect(question(page, /Where did you travel/)).toHaveCount(0);
  await expectSaved(page);

  await page.getByRole('button', { name: 'Save and close' }).click();
  await expect(page).toHaveURL('/surveys');
  await expect(card.getByRole('link', { name: /^Continue Day of sampling/ })).toBeVisible();

  await page.goto(`/surveys/day-of-sampling/${kit.id}`);
  await expect(question(page, /On what date did you collect/).locator('input')).toHaveValue('15/01/2025');
  await expect(
    question(page, /At what time of day/).getByRole('radio', { name: 'Early morning (before 9 am)' }),
  ).toBeChecked();
  await expect(count).toHaveValue('2');
  await expect(antibiotics.getByRole('radio', { name: 'Yes' })).toBeChecked();
  await expect(
    question(page, /When did you finish your most recent course/).getByRole('radio', {
      name: 'In the last 7 days',
    }),
  ).toBeChecked();
  await expect(
    question(page, /Which antibiotic did you take/).getByRole('radio', { name: 'Another antibiotic' }),
  ).toBeChecked();
  await expect(other.getByRole('textbox')).toHaveValue('Fosfomycin');
  await expect(
    question(page, /travelled outside your home country/).getByRole('radio', { name: 'No' }),
  ).toBeChecked();
  await expect(question(page, /Where did you travel/)).toHaveCount(0);
});

test('a number out of range is explained on its card, and Save and next returns to the list', async ({
  page,
  request,
}) => {
  const user = await createUser(request);
  const kit = await activatedKit(request, user.email);
  await login(page, user);

  await page.goto('/surveys');
  const card = kitCard(page, kit);
  await expect(card.getByRole('link', { name: /^Start Mental wellbeing/ })).toBeVisible();
  await expectAccessible(page);

  await page.goto(`/surveys/day-of-sampling/${kit.id}`);
  await page.getByText('How to fill out this questionnaire').click();
  await expect(page.getByText(/Answer this questionnaire on the day you collect your sample/)).toBeVisible();
  const count = question(page, /How many bowel movements/).getByRole('spinbutton');
  await count.fill('99');
  await expect(count).toHaveAccessibleDescription(ANSWER_MESSAGES.aboveMax);
  // The server has deleted what was stored and says the same.
  await expectSaved(page);
  await expect(count).toHaveAccessibleDescription(ANSWER_MESSAGES.aboveMax);
  await expectAccessible(page);
  await count.fill('0');
  await expect(count).toHaveAccessibleDescription(ANSWER_MESSAGES.belowMin);
  await count.fill('2');
  await expect(count).not.toHaveAttribute('aria-invalid');

  await page.getByRole('button', { name: 'Save and next' }).click();
  await expect(indicator(page)).toHaveText('Saving…');
  await expect(indicator(page)).toHaveText('Saved');
  await expect(page).toHaveURL('/surveys');
  await expect(card.getByRole('link', { name: /^Continue Day of sampling/ })).toBeVisible();
});

test('an under-age person is not asked the mental wellbeing questionnaire', async ({ page, request }) => {
  const minor = await createUser(request, { underAge: true, dob: '2012-01-01', parentConsented: true });
  const kit = await activatedKit(request, minor.email);
  await login(page, minor);
  await page.goto('/surveys');
  const card = kitCard(page, kit);
  await expect(card.getByRole('link', { name: /^Start Day of sampling/ })).toBeVisible();
  await expect(card.getByText('Food and drink', { exact: true })).toBeVisible();
  await expect(card.getByText('Mental wellbeing')).toHaveCount(0);

  await page.goto(`/surveys/mental/${kit.id}`);
  await expect(page.getByRole('alert')).toContainText('Failed to get questionnaire answers');
});

/** Calls the API as the signed-in person (the refresh cookie is the browser's). */
async function accessToken(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const response = await fetch('/api/auth/refresh', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      credentials: 'same-origin',
    });
    return ((await response.json()) as { access_token: string }).access_token;
  });
}

/** An answer that every question accepts: No, the first option, the minimum, today. */
function typicalAnswer(q: SurveyQuestion): AnswerRecord {
  const record = (answers: number[], answerString: string | null) => ({
    questionId: q.questionId,
    answers,
    answerString,
  });
  if (hasOptions(q.answerType))
    return record(
      q.answers.slice(0, 1).map((o) => o.id),
      null,
    );
  if (q.answerType === 'BOOLEAN') return record([], 'false');
  if (q.answerType === 'DATE') return record([], latestAnswerDate(new Date()));
  if (q.answerType === 'TEXT') return record([], 'An example answer');
  return record([], String(q.min ?? 0));
}

/** Answers each next unanswered question shown, the way a person works down the page, through the API. */
async function answerEverything(page: Page, kitId: number, surveyType: string) {
  const headers = { authorization: `Bearer ${await accessToken(page)}` };
  const definition = (await (
    await page.request.get(`/api/surveys/${surveyType}`, { headers })
  ).json()) as SurveyDefinition;
  const answers: Record<string, AnswerRecord> = {};
  let sequence = Date.now();
  for (;;) {
    const next = visibleQuestions(definition, answers).find((q) => !answers[q.questionId]);
    if (!next) break;
    const answer = typicalAnswer(next);
    const response = await page.request.put(`/api/kits/${kitId}/surveys/${surveyType}`, {
      headers,
      data: { ...answer, clientSequence: ++sequence },
    });
    expect(response.status(), await response.text()).toBe(200);
    answers[next.questionId] = answer;
  }
}

test('completing every questionnaire unlocks booking once the results are in', async ({ page, request }) => {
  // About 150 answers go through the API one by one.
  test.setTimeout(120_000);
  const user = await createUser(request);
  const kit = await activatedKit(request, user.email);
  await login(page, user);

  const token = await accessToken(page);
  const kits = (await (
    await page.request.get('/api/kits', { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { id: number; surveysStats: { surveyType: string }[] }[];
  const types = kits.find((k) => k.id === kit.id)?.surveysStats.map((s) => s.surveyType) ?? [];
  expect(types).toEqual(['DAY_OF_SAMPLING', 'MEDICAL_HISTORY', 'MENTAL', 'EXERCISE', 'FOOD']);
  for (const type of types) await answerEverything(page, kit.id, type);

  await page.goto('/surveys');
  const card = kitCard(page, kit);
  await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(card.getByRole('link', { name: /^Review/ })).toHaveCount(5);
  // No results yet: no coach tile, so no appointment.
  await expect(card.getByRole('link', { name: /Make appointment/ })).toHaveCount(0);

  await setKitStatus(request, kit.id, { kitStatus: 'DISPATCHED_BY_LAB' });
  await setKitStatus(request, kit.id, { sampleStatus: 'RECEIVED_BY_LAB' });
  const imported = await request.post('/api/admin/results', {
    headers: OPS_HEADERS,
    data: { sampleIdentifier: kit.sampleIdentifier, profile: fs.readFileSync(profile, 'utf8') },
  });
  expect(imported.status(), await imported.text()).toBe(201);

  await page.goto('/kits');
  const kitsCard = page.locator(`#kit-${kit.id}`);
  await expect(kitsCard.locator('.coach-tile')).toHaveAttribute('data-state', 'BOOK');
  await expect(kitsCard.getByRole('button', { name: 'Book now!' })).toBeVisible();

  await page.goto('/surveys');
  await expect(card.getByRole('link', { name: /Make appointment/ })).toHaveAttribute('href', '/coach');
  await expect(card.getByRole('link', { name: /View report/ })).toHaveAttribute('href', `/report/${kit.id}`);
  await expectAccessible(page);
});
