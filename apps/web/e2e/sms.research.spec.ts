import crypto from 'node:crypto';
import { createUser, expect, expectAccessible, login, test } from './fixtures.ts';

/** The dev mailbox's link as the server prints it (dev-mailbox.spec.ts): texts are listed there too. */
const mailboxLink = `/dev/mailbox?key=${crypto.createHmac('sha256', 'e2e-ops-key').update('dev-mailbox').digest('base64url')}`;

test('a participant adds a mobile on My Profile of the research portal, checks it with the texted code and switches texts on (axe at 1280 and 390 px)', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const user = await createUser(request);
  const digits = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  const e164 = `+61413${digits}`;
  // Signed in once the dashboard shows: going on before that would cancel the sign-in in flight.
  await login(page, user);
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Text messages' });
  await section
    .getByRole('textbox', { name: 'Mobile number' })
    .fill(`+61 413 ${digits.slice(0, 3)} ${digits.slice(3)}`);
  await section.getByRole('button', { name: 'Text me a code' }).click();
  await expect(section.getByText('Not checked yet')).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await expectAccessible(page);

  const mailbox = await context.newPage();
  await mailbox.goto(mailboxLink);
  const text = mailbox
    .getByRole('region', { name: 'Texts' })
    .locator('article', { has: mailbox.getByRole('heading', { name: `Text to ${e164}` }) })
    .first();
  const code = ((await text.locator('pre').textContent()) ?? '').slice(0, 6);
  expect(code).toMatch(/^\d{6}$/);

  await section.getByRole('textbox', { name: 'Code from the text' }).fill(code);
  await section.getByRole('button', { name: 'Check code' }).click();
  await expect(section.getByText('Your mobile number is checked.')).toBeVisible();
  const optIn = section.getByRole('checkbox', { name: 'Send me texts' });
  await expect(optIn).not.toBeChecked();
  // The box shows the server's answer: it is ticked once the choice is saved, not before.
  await optIn.click();
  await expect(optIn).toBeChecked();
  await expect(section.getByText(/^Texts are on:/)).toBeVisible();
  await expectAccessible(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(section.getByRole('checkbox', { name: 'Send me texts' })).toBeChecked();
  await section.scrollIntoViewIfNeeded();
  await expectAccessible(page);
});
