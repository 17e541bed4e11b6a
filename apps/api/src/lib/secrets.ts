import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Reads a secret kept in DATA_DIR, creating it on first start. Used for the JWT secret and the operator
 * key on the embedded database, so a newcomer needs no setup and restarts keep sessions valid.
 */
export function persistentSecret(dataDir: string, fileName: string): string {
  const file = path.join(dataDir, fileName);
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const value = crypto.randomBytes(32).toString('base64url');
    fs.writeFileSync(file, value, { mode: 0o600, flag: 'wx' });
    return value;
  }
}

export const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('base64url');
export const randomToken = () => crypto.randomBytes(32).toString('base64url');

/** Constant-time comparison of two strings. */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/** AES-256-GCM with a key derived from the server secret, for values kept only briefly. */
export function sealer(secret: string) {
  const key = crypto.createHash('sha256').update(`seal:${secret}`).digest();
  return {
    seal(plain: string): string {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
    },
    open(sealed: string): string {
      const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url')) as [
        Buffer,
        Buffer,
        Buffer,
      ];
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    },
  };
}
