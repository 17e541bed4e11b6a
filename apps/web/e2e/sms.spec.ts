import crypto from 'node:crypto';
import type { Page } from '@playwright/test';
import { createKits, createUser, expect, expectAccessible, login, setKitStatus, test } from './fixtures.ts';

/** The dev mailbox's link as the server prints it (dev-mailbox.spec.ts): texts are listed there too. */
const mailboxLink = `/dev/mailbox?key=${crypto.createHmac('sha256', 'e2e-ops-key').update('dev-mailbox').digest('base64url')}`;

/** The texts section of the dev mailbox, newest first, to one number. */
async function textsTo(page: Page, e164: string) {
  await page.goto(mailboxLink);
  await expect(page.getByRole('heading', { name: 'Texts', level: 2 })).toBeVisible();
  return page.getByRole('region', { name: 'Texts' }).locator('article', {
    has: page.getByRole('heading', { name: `Text to ${e164}` }),
  });
}

test('a person adds a mobile, checks it with the code from the dev mailbox, switches texts on, and a kit dispatch is texted (axe at 1280 and 390 px)', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const user = await createUser(request);
  const digits = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  const typed = `0412 ${digits.slice(0, 3)} ${digits.slice(3)}`;
  const e164 = `+61412${digits}`;
  const shown = `+61 412 ${digits.slice(0, 3)} ${digits.slice(3)}`;

  await login(page, user);
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Text messages' });
  await expect(
    section.getByText('We never text between 9 pm and 8 am your time.', { exact: false }),
  ).toBeVisible();
  const phone = section.getByRole('textbox', { name: 'Mobile number' });
  await section.scrollIntoViewIfNeeded();
  await expectAccessible(page);

  // Not a mobile of Australia or New Zealand: the spec's message at the field, and nothing is saved.
  await phone.fill('02 9999 9999');
  await section.getByRole('button', { name: 'Text me a code' }).click();
  await expect(section.getByText('Field Mobile number is invalid phone number.')).toBeVisible();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);

  await phone.fill(typed);
  await section.getByRole('button', { name: 'Text me a code' }).click();
  await expect(
    section.getByText(`We have texted a 6-digit code to ${shown}. Please enter it below.`),
  ).toBeVisible();
  await expect(section.getByText('Not checked yet')).toBeVisible();
  await expect(section.getByRole('checkbox', { name: 'Send me texts' })).toHaveCount(0);

  // The code, read from the dev mailbox as the phone would show it.
  const mailbox = await context.newPage();
  const codeText = (await textsTo(mailbox, e164)).first();
  await expect(codeText).toContainText('is your Microbiome Lab code');
  const code = ((await codeText.locator('pre').textContent()) ?? '').slice(0, 6);
  expect(code).toMatch(/^\d{6}$/);

  const codeField = section.getByRole('textbox', { name: 'Code from the text' });
  await codeField.fill(code === '000000' ? '111111' : '000000');
  await section.getByRole('button', { name: 'Check code' }).click();
  await expect(
    section.getByText(
      'That code is not right. Please check the text we sent you and try again (4 tries left).',
    ),
  ).toBeVisible();
  await expectAccessible(page);

  await codeField.fill(code);
  await section.getByRole('button', { name: 'Check code' }).click();
  await expect(section.getByText('Your mobile number is checked.')).toBeVisible();
  await expect(section.getByText('Checked', { exact: true })).toBeVisible();
  // Texts are off until the person switches them on.
  const optIn = section.getByRole('checkbox', { name: 'Send me texts' });
  await expect(optIn).not.toBeChecked();
  // The box shows the server's answer: it is ticked once the choice is saved, not before.
  await optIn.click();
  await expect(section.getByText(/^Texts are on:/)).toBeVisible();
  await expect(optIn).toBeChecked();
  await expectAccessible(page);

  // The kit leaves the lab: the person gets a text beside the email and the inbox.
  const [kit] = await createKits(request, { ownerEmail: user.email });
  if (!kit) throw new Error('a kit expected');
  await setKitStatus(request, kit.id, { kitStatus: 'REQUESTED' });
  await setKitStatus(request, kit.id, { kitStatus: 'DISPATCHED_BY_LAB' });
  const dispatchText = (await textsTo(mailbox, e164)).first();
  await expect(dispatchText.locator('pre')).toHaveText(
    new RegExp(
      `^Microbiome Lab: Your Microbiome Lab kit is on its way\\. http://localhost:\\d+/kits\\?scrollingPosition=kit-${kit.id} Reply STOP to stop texts\\.$`,
    ),
  );
  await expectAccessible(mailbox);

  // The same section fits a phone and passes axe at 390 px.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(section.getByRole('checkbox', { name: 'Send me texts' })).toBeChecked();
  await expect(section.getByText(shown)).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await expectAccessible(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
