import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailboxLink } from '../features/dev/mailbox.routes.ts';
import { createTestApp, ops, TEST_OPS_KEY, type TestApp } from '../test/helpers.ts';
import { errorForLog, redactUrl } from './log-serializers.ts';

const TOKEN = 'Xq7vR2mPz9LkT4wYb8NcJ6hFs3GdA1eUo5iKr0tVyQ';
const CANDIDATE = '3f2b9c1e-8d4a-4e7b-9a6c-5d1f0e2b7a94';
const KIT_HASH = 'kq3VbN8xTz0PmW4r';
const EMAIL = 'victim.person@example.com';
const STREET = 'Wattle Grove';

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream });
});
afterAll(() => t.close());

describe('request log', () => {
  it('keeps tokens, searches, emails and the mailbox key out of the logged URLs', async () => {
    const mailbox = new URL(mailboxLink('http://localhost:3000', TEST_OPS_KEY));
    const requests = [
      `/verify-email?${TOKEN}`,
      `/reset-password?token=${TOKEN}`,
      `/unsubscribe?token=${TOKEN}`,
      `/api/recruitment/unsubscribe?token=${TOKEN}`,
      `/api/addresses?q=${encodeURIComponent(`12 ${STREET}`)}`,
      `/api/admin/mail?to=${encodeURIComponent(EMAIL)}`,
      `${mailbox.pathname}${mailbox.search}`,
      `/dev/mailbox?key=${encodeURIComponent(TEST_OPS_KEY)}`,
      `/recruitment/4/candidate/${CANDIDATE}/consent/7`,
      `/api/recruitment/4/candidate/${CANDIDATE}/consent/7`,
      `/requisition/${KIT_HASH}`,
      `/api/requisition/kits/${KIT_HASH}?formType=requisition-form`,
      `/api/users/${encodeURIComponent(EMAIL)}`,
    ];
    lines.length = 0;
    for (const url of requests) await t.app.inject({ url, headers: { ...ops, accept: 'text/html' } });
    const logged = lines.map((line) => JSON.parse(line)).filter((entry) => entry.req);
    expect(logged).toHaveLength(requests.length);
    const text = lines.join('\n');
    for (const secret of [TOKEN, CANDIDATE, KIT_HASH, EMAIL, STREET, 'Wattle', TEST_OPS_KEY, mailbox.search])
      expect(text).not.toContain(secret);
    expect(text).not.toContain(encodeURIComponent(EMAIL));
    const urls = logged.map((entry) => entry.req.url);
    // What stays is enough to see which route was asked for.
    expect(urls).toEqual([
      '/verify-email?~',
      '/reset-password?token=~',
      '/unsubscribe?token=~',
      '/api/recruitment/unsubscribe?token=~',
      '/api/addresses?q=~',
      '/api/admin/mail?to=~',
      '/dev/mailbox?key=~',
      '/dev/mailbox?key=~',
      '/recruitment/4/candidate/~/consent/7',
      '/api/recruitment/4/candidate/~/consent/7',
      '/requisition/~',
      '/api/requisition/kits/~?formType=~',
      '/api/users/~',
    ]);
  });

  it('keeps a fixed route whole', () => {
    expect(redactUrl('/assets/index-Bc9xZ1.js', '/assets/index-Bc9xZ1.js')).toBe('/assets/index-Bc9xZ1.js');
    expect(redactUrl('/api/kits/12/surveys/infant-day-of-sampling')).toBe(
      '/api/kits/12/surveys/infant-day-of-sampling',
    );
    expect(redactUrl('/api/legal/terms.pdf?v=2024-01')).toBe('/api/legal/terms.pdf?v=~');
  });

  it('logs a failed statement without its parameters', async () => {
    let failure: Error | undefined;
    try {
      await t.app.ctx.db.execute(sql`select ${EMAIL}::int`);
    } catch (error) {
      failure = error as Error;
    }
    expect(failure).toBeDefined();
    const logged = JSON.stringify(errorForLog(failure as Error));
    expect(logged).toContain('Failed query');
    expect(logged).not.toContain(EMAIL);
  });
});
