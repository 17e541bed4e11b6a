import {
  ACCOUNT_TYPE_LABELS,
  AUTH_MESSAGES,
  PASSWORD_MESSAGES,
  PROFILE_MESSAGES,
  REGISTRATION_MESSAGES,
} from '@portal/domain';
import {
  expect,
  expectAccessible,
  latestMailLink,
  login,
  logout,
  PASSWORD,
  test,
  uniqueEmail,
} from './fixtures.ts';

test('a new customer registers, verifies the email, signs in and signs out', async ({ page, request }) => {
  // Eight accessibility scans and two argon2 hashes: over a minute once when CI's machine was busy.
  test.slow();
  const email = uniqueEmail('register');
  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
  await expectAccessible(page);

  // Step 0: an account type is required.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(REGISTRATION_MESSAGES.selectionRequired)).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel(ACCOUNT_TYPE_LABELS.adult).check();
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 1: every validation message.
  const submit = page.getByRole('button', { name: 'Create account' });
  const field = (label: string) => page.getByLabel(label, { exact: true });
  await submit.click();
  await expect(page.getByText('Please fill out First name, Last name, Email, Password')).toBeVisible();
  await expectAccessible(page);

  await field('First name').fill('Ada');
  await field('Last name').fill('Lovelace');
  await field('Email').fill('ada-at-example');
  await field('Confirm email').fill('someone@example.com');
  await field('Password').fill('short');
  await field('Confirm password').fill('other');
  await submit.click();
  await expect(page.getByText(/^Please fill out/)).toBeHidden();
  await expect(page.getByText(REGISTRATION_MESSAGES.invalidEmail)).toBeVisible();
  await expect(page.getByText(REGISTRATION_MESSAGES.emailMismatch)).toBeVisible();
  await expect(page.getByText(PASSWORD_MESSAGES.tooShort)).toBeVisible();
  await expect(page.getByText(PASSWORD_MESSAGES.mismatch)).toBeVisible();
  await expectAccessible(page);

  await field('Password').fill('longenough');
  await expect(page.getByText(PASSWORD_MESSAGES.noSymbol)).toBeVisible();
  await field('Password').fill('longenough!');
  await expect(page.getByText(PASSWORD_MESSAGES.noNumber)).toBeVisible();

  await field('Email').fill(email);
  await field('Confirm email').fill(email);
  await field('Password').fill(PASSWORD);
  await field('Confirm password').fill(PASSWORD);
  await submit.click();

  await expect(page.getByText(REGISTRATION_MESSAGES.success.replace('{email}', email))).toBeVisible();
  await expectAccessible(page);

  // The emailed link verifies the account and leads to sign-in.
  const link = await latestMailLink(request, email, '/verify-email?');
  await page.goto(link);
  await expect(page).toHaveURL(/\/login\?fromVerify=1$/);
  await expect(page.getByText(AUTH_MESSAGES.verified)).toBeVisible();
  await expectAccessible(page);

  // A new account's profile is incomplete: the dashboard sends the person to complete it (consumer §4).
  await login(page, { email, password: PASSWORD }, { landsOn: 'profile' });
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await expect(page.getByText(PROFILE_MESSAGES.completeToContinue)).toBeVisible();
  await expectAccessible(page);

  await logout(page);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
});
