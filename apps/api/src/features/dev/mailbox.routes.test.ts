import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueMail } from '../../adapters/mail/outbox.ts';
import { createTestApp, ops, TEST_OPS_KEY, type TestApp } from '../../test/helpers.ts';
import { mailboxKey, mailboxLink } from './mailbox.routes.ts';

const SECRET_LINK = 'http://localhost:3000/reset-password?token=the-reset-token-of-someone';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.ctx.db.transaction((tx) =>
    queueMail(t.app.ctx, tx, 'password-reset', {
      to: 'victim@example.com',
      subject: 'Reset your password',
      text: `Reset it here: ${SECRET_LINK}`,
      html: '',
      links: [SECRET_LINK],
    }),
  );
});
afterAll(() => t.close());

/** Nothing of the outbox in an answer: no subject, no address, no link. */
function showsNoMail(body: string) {
  expect(body).not.toContain('victim@example.com');
  expect(body).not.toContain('Reset your password');
  expect(body).not.toContain('the-reset-token-of-someone');
}

describe('dev mailbox', () => {
  it('shows nothing to a request without the key', async () => {
    const res = await t.app.inject('/dev/mailbox');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED', message: expect.stringContaining('link') });
    showsNoMail(res.body);
  });

  it('shows nothing to a wrong key, in the link, the cookie or the header', async () => {
    for (const res of [
      await t.app.inject('/dev/mailbox?key=wrong-key'),
      await t.app.inject({ url: '/dev/mailbox', cookies: { dev_mailbox: 'wrong-key' } }),
      await t.app.inject({ url: '/dev/mailbox', headers: { 'x-ops-key': 'wrong-key' } }),
      await t.app.inject(`/dev/mailbox?key=${mailboxKey('another-operator-key')}`),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.headers['set-cookie']).toBeUndefined();
      showsNoMail(res.body);
    }
  });

  it('opens from the printed link: the key goes into a strict HttpOnly cookie and the address loses it', async () => {
    const link = new URL(mailboxLink('http://localhost:3000', TEST_OPS_KEY));
    expect(link.pathname).toBe('/dev/mailbox');
    // The link carries a key derived from the operator key, not the operator key itself.
    expect(link.searchParams.get('key')).not.toBe(TEST_OPS_KEY);
    const opened = await t.app.inject(`${link.pathname}${link.search}`);
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe('/dev/mailbox');
    showsNoMail(opened.body);
    const cookie = String(opened.headers['set-cookie']);
    expect(cookie).toMatch(/^dev_mailbox=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/dev(;|$)/);
    const cookieValue = opened.cookies.find((c) => c.name === 'dev_mailbox')?.value ?? '';
    // The cookie opens the mailbox, but it is not the operator key: the admin API stays shut to it.
    expect(cookieValue).not.toBe(TEST_OPS_KEY);
    expect(
      (await t.app.inject({ url: '/api/admin/mail', headers: { 'x-ops-key': cookieValue } })).statusCode,
    ).toBe(401);

    const page = await t.app.inject({ url: '/dev/mailbox', cookies: { dev_mailbox: cookieValue } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('Reset your password');
    expect(page.body).toContain('victim@example.com');
    expect(page.body).toContain('the-reset-token-of-someone');
  });

  it('opens to the operator key itself, in the link or the header', async () => {
    const viaLink = await t.app.inject(`/dev/mailbox?key=${encodeURIComponent(TEST_OPS_KEY)}`);
    expect(viaLink.statusCode).toBe(303);
    const viaHeader = await t.app.inject({ url: '/dev/mailbox', headers: ops });
    expect(viaHeader.statusCode).toBe(200);
    expect(viaHeader.body).toContain('Reset your password');
  });

  it('keeps the outbox readable to the ops CLI (the admin API)', async () => {
    const res = await t.app.inject({ url: '/api/admin/mail?to=victim@example.com', headers: ops });
    expect(res.statusCode).toBe(200);
    expect(JSON.stringify(res.json())).toContain('Reset your password');
  });

  it("shows a message's calendar file, by name and content", async () => {
    await t.app.ctx.db.transaction((tx) =>
      queueMail(t.app.ctx, tx, 'coach-booking', {
        to: 'ann@example.com',
        subject: 'Your call is booked',
        text: 'Booked.',
        html: '',
        links: [],
        attachments: [
          { filename: 'coach-call.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR<x>' },
        ],
      }),
    );
    const res = await t.app.inject({ url: '/dev/mailbox', headers: { 'x-ops-key': TEST_OPS_KEY } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Attachment: coach-call.ics (text/calendar)');
    expect(res.body).toContain('BEGIN:VCALENDAR&lt;x&gt;');
  });

  it('is not served in production, even to the key', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production' }, { workJobs: false });
    try {
      for (const res of [
        await prod.app.inject({ url: '/dev/mailbox', headers: ops }),
        await prod.app.inject(`/dev/mailbox?key=${mailboxKey(TEST_OPS_KEY)}`),
      ]) {
        expect(res.statusCode).toBe(404);
        showsNoMail(res.body);
      }
    } finally {
      await prod.close();
    }
  });
});
