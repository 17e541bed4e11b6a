import { Readable } from 'node:stream';
import { crc32, deflateSync } from 'node:zlib';
import { apiErrorSchema, CONSENT_FILE_MAX_BYTES, CONSENT_MESSAGES } from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentFormPdf } from '../adapters/pdf/consent-form.ts';
import { parentalConsentForms } from '../db/schema/index.ts';
import { bearer, createTestApp, signedInUser, type TestApp } from '../test/helpers.ts';

/**
 * The one upload (a minor's signed parental consent form): too large, wrong bytes, a crafted file name or
 * a decompression bomb each get a clear 400 in the error shape, and nothing is stored.
 */
/** The blank form as a parent downloads it: a whole PDF. */
const PDF = await consentFormPdf('Microbiome Lab', 'info@microbiome.example');

function pngChunk(type: string, data: Buffer) {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A whole 1×1 RGBA PNG: signature, IHDR, IDAT (one filtered row), IEND. */
const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a', 'hex'),
  pngChunk('IHDR', Buffer.from('00000001000000010806000000', 'hex')),
  pngChunk('IDAT', deflateSync(Buffer.from([0, 11, 93, 75, 255]))),
  pngChunk('IEND', Buffer.alloc(0)),
]);
/**
 * A whole 8×8 grey baseline JPEG written out by hand: quantisation table, frame, one-code DC and AC
 * Huffman tables, the scan (DC difference 0, end of block: bits 00, padded with ones) and EOI.
 */
const JPEG = Buffer.from(
  [
    'ffd8',
    `ffdb004300${'01'.repeat(64)}`,
    'ffc0000b080008000801011100',
    `ffc4001400${'01'.padEnd(32, '0')}00`,
    `ffc4001410${'01'.padEnd(32, '0')}00`,
    'ffda000801010000003f00',
    '3f',
    'ffd9',
  ].join(''),
  'hex',
);
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

/**
 * The blank form with an object stream inserted before the cross-reference table (whose offset is moved
 * to match). The default is a Flate bomb (issue 32): 96 MB of zeros deflated to about 100 KB, which a
 * whole-file parse inflates and walks byte by byte.
 */
function withObjectStream(inflated: Buffer = Buffer.alloc(96 * 1024 * 1024)) {
  const packed = deflateSync(inflated);
  const text = PDF.toString('latin1');
  const xrefAt = text.lastIndexOf('\nxref') + 1;
  const stream = Buffer.concat([
    Buffer.from(
      `900 0 obj\n<< /Type /ObjStm /N 1 /First 6 /Filter /FlateDecode /Length ${packed.length} >>\nstream\n`,
      'latin1',
    ),
    packed,
    Buffer.from('\nendstream\nendobj\n', 'latin1'),
  ]);
  const tail = text.slice(xrefAt).replace(/startxref\s+\d+/, `startxref\n${xrefAt + stream.length}`);
  return Buffer.concat([PDF.subarray(0, xrefAt), stream, Buffer.from(tail, 'latin1')]);
}

let t: TestApp;
let minor: { id: string; accessToken: string };
let adult: { id: string; accessToken: string };

beforeAll(async () => {
  t = await createTestApp();
  minor = await signedInUser(t.app, { underAge: true });
  adult = await signedInUser(t.app);
});
afterAll(() => t.close());

const upload = (
  payload: Buffer | Readable,
  headers: Record<string, string> = {},
  token = minor.accessToken,
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/me/parental-consent/form',
    headers: {
      ...bearer(token),
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      ...headers,
    },
    payload,
  });

async function storedForms(userId = minor.id) {
  const [row] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(parentalConsentForms)
    .where(eq(parentalConsentForms.userId, userId));
  return row?.n;
}

/**
 * Sends the upload and, until it is answered, asks /healthz every 5 ms: the slowest answer, counted from
 * when the request was due (a thread kept busy delays the sending too), and the most memory the process
 * held.
 */
async function uploadWhileServing(payload: Buffer, token: string) {
  let done = false;
  const answer = upload(multipart(payload, 'form.pdf'), {}, token).finally(() => {
    done = true;
  });
  let slowest = 0;
  let peakRss = process.memoryUsage.rss();
  const rssBefore = peakRss;
  let asked = 0;
  while (!done) {
    const due = performance.now() + 5;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const health = await t.app.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(200);
    slowest = Math.max(slowest, performance.now() - due);
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
    asked++;
  }
  return { res: await answer, slowest, asked, rssGrowthMb: (peakRss - rssBefore) / 2 ** 20 };
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

  it.each([
    [
      'a PDF with HTML after its end',
      Buffer.concat([PDF, Buffer.from('<html><script>alert(1)</script></html>')]),
    ],
    ['a PDF cut short', PDF.subarray(0, PDF.length - 200)],
    [
      'a PDF whose startxref points nowhere',
      Buffer.from(PDF.toString('latin1').replace(/startxref\s+\d+/, 'startxref\n9'), 'latin1'),
    ],
    ['a JPEG with PHP after its end', Buffer.concat([JPEG, Buffer.from('<?php system($_GET["c"]); ?>')])],
    ['a JPEG without its end', JPEG.subarray(0, JPEG.length - 2)],
    ['a PNG with HTML after IEND', Buffer.concat([PNG, Buffer.from('<html></html>')])],
    [
      'a PNG with a damaged chunk',
      Buffer.concat([PNG.subarray(0, 40), Buffer.from([(PNG[40] as number) ^ 1]), PNG.subarray(41)]),
    ],
  ])('refuses %s: the whole file must parse', async (_name, content) => {
    expectRefused(await upload(multipart(content, 'form.pdf')), CONSENT_MESSAGES.wrongFileType);
    expect(await storedForms()).toBe(0);
  });

  it('refuses a body cut short (a file without its multipart framing) with a 400, not a 500', async () => {
    const res = await upload(PDF);
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.safeParse(res.json()).success).toBe(true);
    expect(await storedForms()).toBe(0);
  });

  it('refuses a request carrying two files, whatever they are', async () => {
    const two = Buffer.concat([
      multipart(PDF, 'form.pdf').subarray(0, -(BOUNDARY.length + 6)),
      multipart(JPEG, 'form.jpg', 'image/jpeg'),
    ]);
    expectRefused(await upload(two), CONSENT_MESSAGES.oneFileOnly);
    expect(await storedForms()).toBe(0);
  });

  it.each([
    ['a JPEG', JPEG, 'image/jpeg'],
    ['a PDF followed by whitespace', Buffer.concat([PDF, Buffer.from('\r\n \n')]), 'application/pdf'],
  ])('accepts %s that parses whole', async (_name, content, type) => {
    const res = await upload(multipart(content, 'signed form', type));
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.database.db
      .select({ contentType: parentalConsentForms.contentType })
      .from(parentalConsentForms)
      .where(eq(parentalConsentForms.userId, minor.id));
    expect(row?.contentType).toBe(type);
    await t.database.db.delete(parentalConsentForms).where(eq(parentalConsentForms.userId, minor.id));
  });

  it('refuses a Flate bomb from an adult before reading it, and keeps answering others', async () => {
    const { res, slowest } = await uploadWhileServing(withObjectStream(), adult.accessToken);
    expectRefused(res, CONSENT_MESSAGES.notUnderAge);
    expect(await storedForms(adult.id)).toBe(0);
    expect(slowest).toBeLessThan(100);
  });

  it('refuses a Flate bomb from a minor, read off the main thread: others answer in under 100 ms and memory stays bounded', async () => {
    const bomb = withObjectStream();
    expect(bomb.length).toBeLessThan(CONSENT_FILE_MAX_BYTES);
    // Sent twice: a bomb read on the server's thread delays /healthz by seconds every time, while a busy
    // shared machine may pause any thread once; the better of the two runs is held to the bound.
    const runs = [];
    for (let i = 0; i < 2; i++) {
      const run = await uploadWhileServing(bomb, minor.accessToken);
      expectRefused(run.res, CONSENT_MESSAGES.unreadable);
      expect(run.asked).toBeGreaterThan(0);
      runs.push(run);
    }
    console.log(
      `Flate bomb (${Math.round(bomb.length / 1024)} KB → 96 MB): slowest /healthz ${runs.map((r) => `${r.slowest.toFixed(1)} ms over ${r.asked} requests`).join(', then ')}; process memory grew by at most ${Math.max(...runs.map((r) => r.rssGrowthMb)).toFixed(0)} MB`,
    );
    expect(await storedForms()).toBe(0);
    expect(Math.min(...runs.map((r) => r.slowest))).toBeLessThan(100);
    for (const run of runs) expect(run.rssGrowthMb).toBeLessThan(256);
  });

  it("refuses a PDF whose object stream would fill the reading thread's heap (28 MB of numbers)", async () => {
    const numbers = withObjectStream(Buffer.from(`901 0 [${'0 '.repeat(14_000_000)}]`, 'latin1'));
    expectRefused(await upload(multipart(numbers, 'form.pdf')), CONSENT_MESSAGES.unreadable);
    expect(await storedForms()).toBe(0);
  }, 60_000);

  it('still accepts a real PNG under a plain name afterwards, and stores it once', async () => {
    const res = await upload(multipart(PNG, 'my form (signed).png', 'image/png'));
    expect(res.statusCode).toBe(201);
    expect(await storedForms()).toBe(1);
  });
});
