import type { APIRequestContext } from '@playwright/test';
import { createUser, expect, expectAccessible, OPS_HEADERS, test, uniqueEmail } from './fixtures.ts';
import { createStaff, signInToConsole } from './staff-fixtures.ts';

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

test('a study coordinator writes to a recruitment’s candidates: only those who may be contacted get it, each with their own unsubscribe link', async ({
  page,
  request,
}) => {
  test.slow();
  const coordinator = await createStaff(request, ['STUDY'], 'Rhea');
  const created = await request.post('/api/staff/recruitments', {
    headers: OPS_HEADERS,
    data: {
      title: `Mail-out recruitment ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
      consents: [
        {
          title: 'Study information',
          htmlContent: '<p>About it.</p>',
          agreeLabel: 'I agree',
          disagreeLabel: 'No',
        },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const candidate = async (firstName: string) => {
    const email = uniqueEmail(firstName.toLowerCase());
    const res = await request.post(`/api/admin/recruitments/${id}/candidates`, {
      headers: OPS_HEADERS,
      data: { email, firstName, lastName: 'Candidate' },
    });
    expect(res.status(), await res.text()).toBe(201);
    return { email, ...((await res.json()) as { unsubscribeLink: string }) };
  };
  const dee = await candidate('Dee');
  const eli = await candidate('Eli');
  const fay = await candidate('Fay');
  // Fay used the unsubscribe link of her invitation: the study does not write to her again.
  const unsubscribed = await request.post('/api/recruitment/unsubscribe', {
    data: { token: new URL(fay.unsubscribeLink).searchParams.get('token') },
  });
  expect(unsubscribed.status(), await unsubscribed.text()).toBe(200);

  await signInToConsole(page, coordinator);
  await page.goto(`/staff/recruitments/${id}`);
  const panel = page.getByRole('region', { name: 'Message candidates' });
  await expect(panel).toBeVisible();
  const form = panel.getByRole('form', { name: 'New message' });
  await form.getByLabel('Subject').fill('News from the recruitment team');
  await form.getByLabel('Message').fill('Thank you for your interest.\n\nThe study opens in April.');
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Preview' }).click();
  await expect(panel.getByText('2 candidates can be contacted.')).toBeVisible();
  const preview = panel.frameLocator('iframe[title="Message preview"]');
  await expect(preview.getByText('The study opens in April.')).toBeVisible();
  await expect(preview.getByText(/If you do not want to hear from this study again:/)).toBeVisible();

  await panel.getByRole('button', { name: 'Send to 2 candidates' }).click();
  await expect(panel.getByText('Your message is queued. Its progress is shown below.')).toBeVisible();
  const sent = panel.getByRole('list', { name: 'Sent messages' }).getByRole('listitem').first();
  await expect(sent).toContainText('News from the recruitment team');
  await expect(sent).toContainText('2 of 2 in the outbox.');
  await expectAccessible(page);

  const mailTo = async (email: string) =>
    (await (
      await request.get(`/api/admin/mail?to=${encodeURIComponent(email)}`, { headers: OPS_HEADERS })
    ).json()) as { subject: string; text: string; headers: Record<string, string> }[];
  for (const [person, firstName] of [
    [dee, 'Dee'],
    [eli, 'Eli'],
  ] as const) {
    const message = (await mailTo(person.email)).find((m) => m.subject === 'News from the recruitment team');
    expect(message?.text).toContain('The study opens in April.');
    expect(message?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    // Their own unsubscribe link: it names them.
    const link =
      /If you do not want to hear from this study again: (\S+)/.exec(message?.text ?? '')?.[1] ?? '';
    const token = new URL(link).searchParams.get('token') ?? '';
    const info = await request.get(`/api/recruitment/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(await info.json()).toMatchObject({ firstName, unsubscribed: false });
  }
  expect((await mailTo(fay.email)).map((m) => m.subject)).not.toContain('News from the recruitment team');
});
