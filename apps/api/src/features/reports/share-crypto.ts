import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';
import { promisify } from 'node:util';
import { deflateRaw, inflateRaw } from 'node:zlib';
import { SHARE_LIMITS } from '@portal/domain';

const deflate = promisify(deflateRaw);
const inflate = promisify(inflateRaw);

/**
 * The protected header of every share payload, as SMART Health Links encrypt a file: a compact JWE with
 * the key used directly (dir), AES-256-GCM, the plaintext compressed with raw DEFLATE first (decision
 * 048). The header, as its base64url text, is the additional authenticated data.
 */
const HEADER = Buffer.from(
  JSON.stringify({ alg: 'dir', enc: 'A256GCM', zip: 'DEF', cty: 'application/json' }),
).toString('base64url');

/** A share link's id: 128 random bits, base64url (22 characters). */
export const newShareId = () => randomBytes(16).toString('base64url');

/** A 6-digit PIN, each value equally likely. */
export const newPin = () =>
  String(randomInt(0, 10 ** SHARE_LIMITS.pinLength)).padStart(SHARE_LIMITS.pinLength, '0');

/**
 * The stored form of a link's PIN: an HMAC under the server's secret, bound to the link's id, so the
 * table alone does not let anyone try the million PINs offline.
 */
export const pinHash = (secret: string, id: string, pin: string) =>
  createHmac('sha256', secret).update(`report-share/${id}/${pin}`).digest('base64url');

export function pinMatches(secret: string, id: string, pin: string, stored: string): boolean {
  const given = Buffer.from(pinHash(secret, id, pin));
  const expected = Buffer.from(stored);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Encrypts JSON text with a new random key: the JWE to store, and the key (base64url) for the link's `#`. */
export async function encryptPayload(json: string): Promise<{ jwe: string; key: string }> {
  const key = randomBytes(32);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(HEADER, 'ascii'));
  const body = Buffer.concat([cipher.update(await deflate(Buffer.from(json, 'utf8'))), cipher.final()]);
  const jwe = [
    HEADER,
    '',
    iv.toString('base64url'),
    body.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
  ].join('.');
  return { jwe, key: key.toString('base64url') };
}

/** The JSON text of a JWE made by encryptPayload; throws when the key does not open it. (Tests, ops.) */
export async function decryptPayload(jwe: string, key: string): Promise<string> {
  const [header, , iv, body, tag] = jwe.split('.');
  if (!header || !iv || !body || !tag) throw new Error('not a compact JWE');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    Buffer.from(key, 'base64url'),
    Buffer.from(iv, 'base64url'),
  );
  decipher.setAAD(Buffer.from(header, 'ascii'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  const plain = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
  return (await inflate(plain)).toString('utf8');
}
