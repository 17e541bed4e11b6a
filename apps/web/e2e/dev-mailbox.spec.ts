import crypto from 'node:crypto';
import { createUser, expect, expectAccessible, submitSignIn, test } from './fixtures.ts';

/**
 * The link the server prints at start without SMTP_URL (its log is not kept in these runs): the mailbox
 * key is HMAC-SHA256 of the operator key (playwright.config.ts sets OPS_KEY) over "dev-mailbox".
 */
const printedLink = `/dev/mailbox?key=${crypto.createHmac('sha256', 'e2e-ops-key').update('dev-mailbox').digest('base64url')}`;

test('a newcomer reads the verification email through the link the server printed', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { unverified: true });
  const resent = await request.post('/api/auth/verify-email/resend', { data: { email: user.email } });
  expect(resent.status()).toBe(202);

  await page.goto(printedLink);
  // The key went into a cookie: the address bar shows the bare mailbox.
  await expect(page).toHaveURL(/\/dev\/mailbox$/);
  await expect(page.getByRole('heading', { name: 'Dev mailbox', level: 1 })).toBeVisible();
  const message = page.locator('article', { hasText: user.email }).first();
  await expect(message.getByRole('heading', { name: /Verify your email/ })).toBeVisible();
  await expectAccessible(page);

  await message
    .getByRole('link', { name: /\/verify-email\?/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/login\?fromVerify=1$/);
  await submitSignIn(page, user);
  await expect(page).toHaveURL(/\/profile$/);
});

test('the mailbox shows nothing to a browser without the key', async ({ page, request }) => {
  const user = await createUser(request, { unverified: true });
  await request.post('/api/auth/verify-email/resend', { data: { email: user.email } });

  const bare = await page.goto('/dev/mailbox');
  expect(bare?.status()).toBe(401);
  await expect(page.getByText('open the mailbox link the server printed')).toBeVisible();
  await expect(page.getByText(user.email)).toHaveCount(0);

  const guessed = await page.goto('/dev/mailbox?key=guessed-key');
  expect(guessed?.status()).toBe(401);
  await expect(page.getByText(user.email)).toHaveCount(0);
});
