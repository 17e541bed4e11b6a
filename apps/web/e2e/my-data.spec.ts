import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import {
  DATA_RIGHTS_TEXTS,
  EMAIL_PREFERENCES_TEXTS,
  MY_AUDIT_TEXTS,
  MY_CONSENTS_TEXTS,
  OPERATOR_KEY_FOR_PERSON,
  OUR_LAB,
  PROFILE_MESSAGES,
} from '@portal/domain';
import { strFromU8, unzipSync } from 'fflate';
import { createKits, createUser, expect, expectAccessible, login, setKitStatus, test } from './fixtures.ts';

const OPS_HEADERS = { 'x-ops-key': 'e2e-ops-key' };
type Mail = {
  subject: string;
  text: string;
  links: string[];
  headers: Record<string, string>;
  category: string | null;
};

/** The outbox to this address (what `ops mail:list --to` prints), newest first. */
async function mailTo(request: APIRequestContext, to: string): Promise<Mail[]> {
  const response = await request.get(`/api/admin/mail?to=${encodeURIComponent(to)}`, {
    headers: OPS_HEADERS,
  });
  return (await response.json()) as Mail[];
}

/** The newest email to `to` whose subject contains `subject`, waiting for it to arrive. */
async function mailWith(request: APIRequestContext, to: string, subject: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(async () => {
      found = (await mailTo(request, to)).find((mail) => mail.subject.includes(subject));
      return found;
    })
    .toBeTruthy();
  return found as Mail;
}

test('a person downloads their data, opens the ZIP and checks its manifest', async ({ page, request }) => {
  // Long journeys: a background job, a download, and axe over the whole of My Profile.
  test.slow();
  const user = await createUser(request);
  await login(page, user);
  await page.goto('/profile');
  const yourData = page.getByRole('region', { name: DATA_RIGHTS_TEXTS.sectionTitle });
  await expect(yourData.getByRole('heading', { level: 3, name: 'Who viewed my data' })).toBeVisible();
  await expectAccessible(page);

  await yourData.getByRole('button', { name: DATA_RIGHTS_TEXTS.request }).click();
  // Built in the background; the section follows it until it is ready.
  await expect(yourData.getByText(/Your data is ready/)).toBeVisible({ timeout: 30_000 });

  // The email says so, with a link to Your data and nothing that opens the file by itself.
  const ready = await mailWith(request, user.email, 'ready to download');
  expect(ready.links).toEqual([expect.stringMatching(/\/profile#your-data$/)]);
  // Transactional: no unsubscribe, no List-Unsubscribe headers.
  expect(ready.headers).toEqual({});
  expect(ready.category).toBeNull();
  await page.goto(ready.links[0] as string);
  await expect(yourData.getByRole('button', { name: DATA_RIGHTS_TEXTS.download })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await yourData.getByRole('button', { name: DATA_RIGHTS_TEXTS.download }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(fs.readFileSync(await download.path())));
  const manifest = JSON.parse(strFromU8(files['manifest.json'] ?? new Uint8Array())) as {
    files: { path: string; sha256: string }[];
  };
  expect(manifest.files.map((f) => f.path)).toEqual(
    expect.arrayContaining([
      'README.txt',
      'profile.json',
      'consent-ledger.csv',
      'kits.json',
      'fhir-bundle.json',
      'access-log.csv',
    ]),
  );
  // The consent ledger (issue 36): every answer with its version, who gave it and through which page.
  expect(strFromU8(files['consent-ledger.csv'] ?? new Uint8Array())).toMatch(
    /^at,document,kind,document_id,version,answer,answered_by,page\r\n/,
  );
  for (const file of manifest.files)
    expect(
      createHash('sha256')
        .update(files[file.path] ?? new Uint8Array())
        .digest('hex'),
      file.path,
    ).toBe(file.sha256);
  const profile = JSON.parse(strFromU8(files['profile.json'] ?? new Uint8Array()));
  expect(profile.person.email).toBe(user.email);
});

test('a person chooses their emails and unsubscribes from kit progress with the link of an email', async ({
  page,
  request,
}) => {
  test.slow();
  const user = await createUser(request);
  // A kit of theirs leaves the lab: a kit progress email, with its one-click unsubscribe.
  const [kit] = await createKits(request, { ownerEmail: user.email });
  await setKitStatus(request, kit?.id ?? 0, { kitStatus: 'REQUESTED' });
  await setKitStatus(request, kit?.id ?? 0, { kitStatus: 'DISPATCHED_BY_LAB' });
  const sent = await mailWith(request, user.email, 'is on its way');
  expect(sent.category).toBe('KIT_PROGRESS');
  expect(sent.headers['List-Unsubscribe']).toMatch(
    /^<http:\/\/localhost:\d+\/api\/email-preferences\/one-click\?token=.+>$/,
  );
  expect(sent.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  const link = sent.links.find((l) => l.includes('/email-unsubscribe?token=')) as string;
  expect(link).toBeTruthy();

  // The link opens without signing in and changes nothing until the person confirms.
  await page.goto(link);
  await expect(
    page.getByRole('heading', { level: 1, name: EMAIL_PREFERENCES_TEXTS.pageTitle }),
  ).toBeVisible();
  await expect(page.getByText(EMAIL_PREFERENCES_TEXTS.pageQuestion('Kit progress'))).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: EMAIL_PREFERENCES_TEXTS.pageButton }).click();
  await expect(page.getByText(EMAIL_PREFERENCES_TEXTS.pageDone('Kit progress'))).toBeVisible();
  await page.reload();
  await expect(page.getByText(EMAIL_PREFERENCES_TEXTS.pageAlready('Kit progress'))).toBeVisible();

  // My Profile shows it off; the person turns offers on and saves.
  await login(page, user);
  await page.goto('/profile');
  const emails = page.getByRole('region', { name: EMAIL_PREFERENCES_TEXTS.title });
  await expect(emails.getByRole('checkbox', { name: 'Kit progress' })).not.toBeChecked();
  await expect(emails.getByRole('checkbox', { name: 'Offers' })).not.toBeChecked();
  await emails.getByRole('checkbox', { name: 'Offers' }).check();
  await emails.getByRole('button', { name: EMAIL_PREFERENCES_TEXTS.save }).click();
  await expect(emails.getByText(EMAIL_PREFERENCES_TEXTS.saved)).toBeVisible();
  await expectAccessible(page);
  await page.reload();
  await expect(emails.getByRole('checkbox', { name: 'Offers' })).toBeChecked();

  // The next kit progress email is not sent at all.
  const before = (await mailTo(request, user.email)).length;
  await setKitStatus(request, kit?.id ?? 0, { sampleStatus: 'RECEIVED_BY_LAB' });
  expect((await mailTo(request, user.email)).length).toBe(before);
});

test('a person withdraws their Future Insight consent, and the profile shows it withdrawn', async ({
  page,
  request,
}) => {
  test.slow();
  const user = await createUser(request);
  await login(page, user);
  await page.goto('/profile');
  // Agree first, as the profile asks.
  await page.getByRole('radio', { name: /Yes, I agree/ }).check();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(PROFILE_MESSAGES.saved)).toBeVisible();

  const consents = page.getByRole('region', { name: MY_CONSENTS_TEXTS.title });
  const table = consents.getByRole('table', { name: 'Your answers to Future Insight Program' });
  await expect(table.getByRole('cell', { name: 'Agreed' })).toBeVisible();
  await expectAccessible(page);
  await consents.getByRole('button', { name: MY_CONSENTS_TEXTS.withdraw }).click();
  const dialog = page.getByRole('dialog', { name: MY_CONSENTS_TEXTS.confirmTitle('Future Insight Program') });
  await expect(dialog.getByText(MY_CONSENTS_TEXTS.confirmText)).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: MY_CONSENTS_TEXTS.confirm }).click();
  await expect(consents.getByText(MY_CONSENTS_TEXTS.withdrawn('Future Insight Program'))).toBeVisible();
  await expect(table.getByRole('cell', { name: 'Withdrawn' })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'Agreed' })).toBeVisible();
  await expect(consents.getByRole('button', { name: MY_CONSENTS_TEXTS.withdraw })).toHaveCount(0);
  // The profile's own question now reads "No", as the server holds it.
  await expect(page.getByRole('radio', { name: /No, please do not use my data/ })).toBeChecked();
  await page.reload();
  await expect(table.getByRole('cell', { name: 'Withdrawn' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /No, please do not use my data/ })).toBeChecked();
});

test('a person reads what our staff did on their account, newest first', async ({ page, request }) => {
  test.slow();
  const user = await createUser(request);
  await login(page, user);
  await page.goto('/profile');
  const staffActions = page
    .getByRole('region', { name: DATA_RIGHTS_TEXTS.sectionTitle })
    .getByRole('region', { name: MY_AUDIT_TEXTS.title });
  await expect(staffActions.getByText(MY_AUDIT_TEXTS.empty)).toBeVisible();

  // Support sends a password reset link from the console (here through the operator key, as automation).
  const reset = await request.post(`/api/staff/people/${user.id}/password-reset`, { headers: OPS_HEADERS });
  expect(reset.status(), await reset.text()).toBe(202);
  // The lab packs the person's kit (ops kit:set): the step is named in plain words (issue 33 item 22).
  const [kit] = await createKits(request, { ownerEmail: user.email });
  await setKitStatus(request, kit?.id ?? 0, { kitStatus: 'REQUESTED' });
  await page.reload();
  const rows = staffActions.getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1).getByRole('cell')).toHaveText([
    /\d/,
    OUR_LAB,
    `Your kit KIT-${kit?.id} is being packed`,
  ]);
  await expect(rows.nth(2).getByRole('cell')).toHaveText([
    /\d/,
    OPERATOR_KEY_FOR_PERSON,
    'Sent you a link to reset your password',
  ]);
  await expect(staffActions.getByText('Changed a record about you')).toHaveCount(0);
  await expect(staffActions.getByText(MY_AUDIT_TEXTS.empty)).toHaveCount(0);
  await expectAccessible(page);
});
