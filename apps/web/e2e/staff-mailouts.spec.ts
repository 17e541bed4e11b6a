import type { APIRequestContext } from '@playwright/test';
import { createUser, expect, expectAccessible, test } from './fixtures.ts';
import { createStaff, signInToConsole } from './staff-fixtures.ts';

const OPS_HEADERS = { 'x-ops-key': 'e2e-ops-key' };

/** A participant of the project: an account that joined it with a code issued to it. */
async function participant(request: APIRequestContext, projectId: number, firstName: string) {
  const user = await createUser(request, { firstName });
  const issued = await request.post(`/api/admin/projects/${projectId}/participant-codes`, {
    headers: OPS_HEADERS,
    data: { email: user.email },
  });
  expect(issued.status(), await issued.text()).toBe(201);
  const { participantCode } = (await issued.json()) as { participantCode: string };
  const signIn = await request.post('/api/auth/login', {
    data: { email: user.email, password: user.password },
  });
  const { access_token } = (await signIn.json()) as { access_token: string };
  const joined = await request.post('/api/research/join', {
    headers: { authorization: `Bearer ${access_token}` },
    data: { userId: user.id, participantIdentifier: participantCode },
  });
  expect(joined.status(), await joined.text()).toBe(200);
  return { ...user, token: access_token };
}

test('a study coordinator writes to the participants, previews the message, sends it and follows its progress', async ({
  page,
  request,
}) => {
  // Three accounts join the project through the API before the console opens: more than a minute on a busy machine.
  test.slow();
  const coordinator = await createStaff(request, ['STUDY'], 'Stella');
  const created = await request.post('/api/admin/projects', {
    headers: OPS_HEADERS,
    data: {
      name: `Mail study ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
      logisticType: 'CLIENT_MANAGED',
      contactName: 'Dr Sam Lee',
      phone: '07 3000 0000',
      email: 'study@example.com',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const project = (await created.json()) as { id: number; name: string };
  const ann = await participant(request, project.id, 'Ann');
  const ben = await participant(request, project.id, 'Ben');
  const cat = await participant(request, project.id, 'Cat');
  // Cat switched Research news off: the message is not for her.
  const off = await request.put('/api/me/email-preferences', {
    headers: { authorization: `Bearer ${cat.token}` },
    data: { RESEARCH_NEWS: false },
  });
  expect(off.status(), await off.text()).toBeLessThan(300);

  await signInToConsole(page, coordinator);
  await page.goto(`/staff/projects/${project.id}`);
  const panel = page.getByRole('region', { name: 'Message participants' });
  await expect(panel).toBeVisible();

  // Nothing written: both fields say what they need, and nothing is previewed.
  const form = panel.getByRole('form', { name: 'New message' });
  await form.getByRole('button', { name: 'Preview' }).click();
  await expect(form.getByText('Enter the subject of the message.')).toBeVisible();
  await expect(form.getByText('Write the message.')).toBeVisible();
  await expect(panel.getByTitle('Message preview')).toHaveCount(0);

  await form.getByLabel('Subject').fill('Thank you from the Gut Health Study');
  await form
    .getByLabel('Message')
    .fill('Thank you for taking part.\n\nThe first results will be shared at our open evening in March.');
  // Scanned before the preview: axe cannot run inside the preview's sandboxed frame (no scripts), and
  // waits for it. After the send the preview is gone and the page is scanned again.
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Preview' }).click();
  await expect(panel.getByText('2 participants get Research news.')).toBeVisible();
  const preview = panel.frameLocator('iframe[title="Message preview"]');
  await expect(
    preview.getByText('The first results will be shared at our open evening in March.'),
  ).toBeVisible();
  await expect(preview.getByRole('link', { name: 'Open the study portal' })).toBeVisible();

  await panel.getByRole('button', { name: 'Send to 2 participants' }).click();
  await expect(panel.getByText('Your message is queued. Its progress is shown below.')).toBeVisible();
  await expect(panel.getByTitle('Message preview')).toHaveCount(0);
  const sent = panel.getByRole('list', { name: 'Sent messages' }).getByRole('listitem').first();
  await expect(sent).toContainText('Thank you from the Gut Health Study');
  // No mail server in the journeys: the queue writes both messages to the outbox, the dev mailbox.
  await expect(sent).toContainText('2 of 2 in the outbox.');
  await expect(sent.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '2');
  await expectAccessible(page);

  for (const person of [ann, ben]) {
    const mail = await request.get(`/api/admin/mail?to=${encodeURIComponent(person.email)}`, {
      headers: OPS_HEADERS,
    });
    const messages = (await mail.json()) as {
      subject: string;
      text: string;
      headers: Record<string, string>;
    }[];
    const message = messages.find((m) => m.subject === 'Thank you from the Gut Health Study');
    expect(message?.text).toContain('The first results will be shared at our open evening in March.');
    expect(message?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  }
  const forCat = await request.get(`/api/admin/mail?to=${encodeURIComponent(cat.email)}`, {
    headers: OPS_HEADERS,
  });
  expect(((await forCat.json()) as { subject: string }[]).map((m) => m.subject)).not.toContain(
    'Thank you from the Gut Health Study',
  );
});
