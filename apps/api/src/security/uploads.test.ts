import { Readable } from 'node:stream';
import { apiErrorSchema, CONSENT_MESSAGES } from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parentalConsentForms } from '../db/schema/index.ts';
import { bearer, createTestApp, signedInUser, type TestApp } from '../test/helpers.ts';

/**
 * The one upload (a minor's signed parental consent form): too large, wrong bytes or a crafted file name
 * each get a clear 400 in the error shape, and nothing is stored.
 */
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2000, 32), Buffer.from('\n%%EOF\n')]);
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const BOUNDARY = '----portalsecurity';

function multipart(content: Buffer, filename: string, type = 'application/pdf') {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

let t: TestApp;
let minor: { id: string; accessToken: string };

beforeAll(async () => {
  t = await createTestApp();
  minor = await signedInUser(t.app, { underAge: true });
});
afterAll(() => t.close());

const upload = (payload: Buffer | Readable, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/me/parental-consent/form',
    headers: {
      ...bearer(minor.accessToken),
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      ...headers,
    },
    payload,
  });

async function storedForms() {
  const [row] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(parentalConsentForms)
    .where(eq(parentalConsentForms.userId, minor.id));
  return row?.n;
}

function expectRefused(res: { statusCode: number; json(): unknown }, message: string) {
  expect(res.statusCode).toBe(400);
  const body = res.json() as { message: string };
  expect(apiErrorSchema.safeParse(body).success).toBe(true);
  expect(body.message).toBe(message);
}

describe('consent form upload', () => {
  it.each([
    [
      'exactly 1 MB (the form must be under 1MB)',
      Buffer.concat([PDF, Buffer.alloc(1024 * 1024 - PDF.length, 32)]),
    ],
    ['exactly 1 MB + 1 byte', Buffer.concat([PDF, Buffer.alloc(1024 * 1024 + 1 - PDF.length, 32)])],
    ['5 MB', Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024, 32)])],
  ])('refuses a file of %s, from its declared length', async (_name, content) => {
    expectRefused(await upload(multipart(content, 'form.pdf')), CONSENT_MESSAGES.fileTooLarge);
    expect(await storedForms()).toBe(0);
  });

  it('refuses an oversized file sent without a length (chunked), while reading it', async () => {
    const body = multipart(Buffer.concat([PDF, Buffer.alloc(2 * 1024 * 1024, 32)]), 'form.pdf');
    const chunks = Array.from({ length: Math.ceil(body.length / 65536) }, (_, i) =>
      body.subarray(i * 65536, (i + 1) * 65536),
    );
    expectRefused(await upload(Readable.from(chunks)), CONSENT_MESSAGES.fileTooLarge);
    expect(await storedForms()).toBe(0);
  });

  it.each([
    ['plain text named .pdf', Buffer.from('hello, I am not a PDF'), 'form.pdf', 'application/pdf'],
    ['HTML named .pdf', Buffer.from('<html><script>alert(1)</script></html>'), 'form.pdf', 'application/pdf'],
    [
      'a Windows program named .png',
      Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]),
      'x.png',
      'image/png',
    ],
    ['a GIF named .jpg', Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(100)]), 'x.jpg', 'image/jpeg'],
    ['a ZIP named .pdf', Buffer.from('504b0304140000000800', 'hex'), 'form.pdf', 'application/pdf'],
    ['an empty file', Buffer.alloc(0), 'form.pdf', 'application/pdf'],
  ])('refuses %s by its magic bytes', async (_name, content, filename, type) => {
    expectRefused(await upload(multipart(content, filename, type)), CONSENT_MESSAGES.wrongFileType);
    expect(await storedForms()).toBe(0);
  });

  it.each([
    '../../etc/passwd.pdf',
    '..\\..\\windows\\form.pdf',
    '/etc/form.pdf',
    'C:form.pdf',
    'sub/form.pdf',
    '..',
    'form\u0001.pdf',
  ])('refuses the path-like file name %j', async (filename) => {
    expectRefused(await upload(multipart(PDF, filename)), CONSENT_MESSAGES.fileNameInvalid);
    expect(await storedForms()).toBe(0);
  });

  it('accepts a form of 1 MB less one byte', async () => {
    const content = Buffer.concat([PDF, Buffer.alloc(1024 * 1024 - 1 - PDF.length, 32)]);
    const res = await upload(multipart(content, 'form.pdf'));
    expect(res.statusCode).toBe(201);
    expect(await storedForms()).toBe(1);
    await t.database.db.delete(parentalConsentForms).where(eq(parentalConsentForms.userId, minor.id));
  });

  it('still accepts a real PNG under a plain name afterwards, and stores it once', async () => {
    const res = await upload(multipart(PNG, 'my form (signed).png', 'image/png'));
    expect(res.statusCode).toBe(201);
    expect(await storedForms()).toBe(1);
  });
});
