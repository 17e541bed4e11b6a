import type { APIRequestContext, Page } from '@playwright/test';
import { RECRUITMENT_MESSAGES } from '@portal/domain';
import { expect, expectAccessible, latestMailLink, test, uniqueEmail } from './fixtures.ts';

const OPS_HEADERS = { 'x-ops-key': 'e2e-ops-key' };

const CHAIN = [
  {
    title: 'Study information',
    htmlContent: '<p>Please read about the <b>soup study</b>.</p><script>window.hacked = true</script>',
    agreeLabel: 'I have read it',
    disagreeLabel: 'I do not want to continue',
  },
  {
    title: 'Consent to take part',
    htmlContent: '<p>Do you agree to take part in the soup study?</p>',
    agreeLabel: 'I agree',
    disagreeLabel: 'I do not agree',
    thanksResponse: 'Thank you. The study team will contact you.',
  },
];

/** A recruitment with its consent chain (what `ops recruitment:create` calls). */
async function createRecruitment(request: APIRequestContext, consents: object[] = CHAIN) {
  const response = await request.post('/api/admin/recruitments', {
    headers: OPS_HEADERS,
    data: { title: `Soup study ${Date.now().toString(36)}`, consents },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number; consentIds: number[] };
}

/** An invited candidate and their emailed links (what `ops candidate:create` calls). */
async function createCandidate(request: APIRequestContext, recruitmentId: number) {
  const response = await request.post(`/api/admin/recruitments/${recruitmentId}/candidates`, {
    headers: OPS_HEADERS,
    data: { email: uniqueEmail('candidate'), firstName: 'Ana', lastName: 'Silva' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; consentLink: string; unsubscribeLink: string };
}

async function expressInterest(page: Page, email: string) {
  const form = page.getByRole('form', { name: 'Register your interest' });
  await form.getByLabel('First name').fill('Sam');
  await form.getByLabel('Last name').fill('Lee');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Phone number').fill('0412 345 678');
  await form.getByRole('button', { name: 'Register my interest' }).click();
}

test('a candidate answers a two-consent chain from their link, then unsubscribes', async ({
  page,
  request,
}) => {
  const recruitment = await createRecruitment(request);
  const candidate = await createCandidate(request, recruitment.id);

  await page.goto(candidate.consentLink);
  await expect(page.getByRole('heading', { level: 1, name: 'Study information' })).toBeVisible();
  await expect(page.getByText('soup study', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => 'hacked' in window)).toBe(false);
  await expect(page.getByLabel('First name')).toHaveValue('Ana');
  await expectAccessible(page);

  // The invitation had no phone number; the candidate gives one.
  await page.getByLabel('Phone number').fill('0412 345 678');
  await page.getByRole('button', { name: 'Save & Continue' }).click();
  await expect(page.getByText(RECRUITMENT_MESSAGES.chooseOption)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('radio', { name: 'I have read it' }).check();
  await page.getByRole('button', { name: 'Save & Continue' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Consent to take part' })).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`/consent/${recruitment.consentIds[1]}$`));
  await expect(page.getByText(RECRUITMENT_MESSAGES.saved)).toBeVisible();
  await expect(page.getByLabel('Phone number')).toHaveValue('0412 345 678');
  await page.getByRole('radio', { name: 'I agree', exact: true }).check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(RECRUITMENT_MESSAGES.saved)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you' })).toBeVisible();
  await expect(page.getByText('Thank you. The study team will contact you.')).toBeVisible();
  await expectAccessible(page);

  await page.goto(candidate.unsubscribeLink);
  await expect(page.getByText('Hi Ana,')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByText(RECRUITMENT_MESSAGES.unsubscribed)).toBeVisible();
  await expectAccessible(page);
});

test('a consent with a PDF embeds it with a title and links to it', async ({ page, request, baseURL }) => {
  const url = `${baseURL}/api/legal/terms.pdf`;
  const recruitment = await createRecruitment(request, [{ ...CHAIN[1], url }]);
  const candidate = await createCandidate(request, recruitment.id);
  await page.goto(candidate.consentLink);
  await expect(page.getByTitle('Consent to take part (PDF)')).toHaveAttribute('src', url);
  await expect(page.getByRole('link', { name: 'Open the PDF in a new tab' })).toHaveAttribute('href', url);
  await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
  await expectAccessible(page);
});

test('an expression of interest is validated from the emailed link before consent; the same email a second time is refused', async ({
  page,
  request,
}) => {
  const recruitment = await createRecruitment(request);
  const email = uniqueEmail('interest');
  await page.goto(`/recruitment/${recruitment.id}/expression-of-interest`);
  await expect(
    page.getByRole('heading', { level: 1, name: /^Register your interest: Soup study/ }),
  ).toBeVisible();
  await expectAccessible(page);

  await expressInterest(page, email);
  await expect(page.getByText(RECRUITMENT_MESSAGES.eoiSaved)).toBeVisible();
  await expect(page.getByText(RECRUITMENT_MESSAGES.eoiValidate)).toBeVisible();
  await expectAccessible(page);
  const consentLink = await latestMailLink(request, email, `/recruitment/${recruitment.id}/candidate/`);

  await page.reload();
  await expressInterest(page, email);
  await expect(page.getByRole('alert')).toHaveText(RECRUITMENT_MESSAGES.eoiDuplicate);
  await expectAccessible(page);

  // Before the email is validated, the consent (at its address without the token) says what to do.
  const validationLink = new URL(consentLink);
  expect(validationLink.searchParams.get('token')).toBeTruthy();
  await page.goto(validationLink.pathname);
  await expect(page.getByRole('alert')).toHaveText(RECRUITMENT_MESSAGES.validateFirst);
  await expect(page.getByRole('form')).toHaveCount(0);
  await expectAccessible(page);

  // The validation email's link validates the address and opens the first consent, with the details given.
  await page.goto(consentLink);
  await expect(page.getByRole('heading', { level: 1, name: 'Study information' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${validationLink.pathname}$`));
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByRole('radio', { name: 'I have read it' }).check();
  await page.getByRole('button', { name: 'Save & Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Consent to take part' })).toBeFocused();
  await page.getByRole('radio', { name: 'I agree', exact: true }).check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Thank you. The study team will contact you.')).toBeVisible();
});

test('a broken unsubscribe link says the token is missing or invalid', async ({ page }) => {
  await page.goto('/unsubscribe?token=garbage');
  await expect(page.getByRole('alert')).toHaveText(RECRUITMENT_MESSAGES.missingToken);
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);
  await expectAccessible(page);

  // Readable, but not signed by us: the server refuses it.
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  await page.goto(`/unsubscribe?token=${part({ alg: 'HS256' })}.${part({ cid: 'someone' })}.bm90LXNpZ25lZA`);
  await expect(
    page.getByRole('heading', { level: 1, name: RECRUITMENT_MESSAGES.unsubscribeErrorTitle }),
  ).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(RECRUITMENT_MESSAGES.missingToken);
  await expectAccessible(page);
});

test('a consent link that points nowhere says so', async ({ page }) => {
  await page.goto('/recruitment/999999/candidate/3f2b8c1e-5d4a-4b7e-9a61-0c2d8e4f7a10/consent/1');
  await expect(page.getByRole('alert')).toHaveText(RECRUITMENT_MESSAGES.notFound);
  await expectAccessible(page);
});
