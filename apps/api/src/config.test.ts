import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const DATABASE_URL = 'postgres://portal@db.example:5432/portal';
const JWT_SECRET = 'a-jwt-secret-that-is-long-enough-0123456789';
const OPS_KEY = 'an-operator-key-that-is-long-enough-0123456789';

describe('settings on PostgreSQL', () => {
  it('requires OPS_KEY with DATABASE_URL, naming the variable', () => {
    expect(() => loadConfig({ DATABASE_URL, JWT_SECRET })).toThrow(/OPS_KEY is required with DATABASE_URL/);
  });

  it('refuses an OPS_KEY shorter than 32 characters with DATABASE_URL', () => {
    expect(() => loadConfig({ DATABASE_URL, JWT_SECRET, OPS_KEY: 'short-key' })).toThrow(
      /OPS_KEY .*at least 32 characters.*it has 9/,
    );
  });

  it('names every missing secret at once', () => {
    let message = '';
    try {
      loadConfig({ DATABASE_URL });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/JWT_SECRET is required with DATABASE_URL/);
    expect(message).toMatch(/OPS_KEY is required with DATABASE_URL/);
  });

  it('starts with both secrets set', () => {
    const config = loadConfig({ DATABASE_URL, JWT_SECRET, OPS_KEY });
    expect(config.opsKey).toBe(OPS_KEY);
    expect(config.databaseWaitSeconds).toBe(60);
  });

  it('needs neither on the embedded database, where they are generated into DATA_DIR', () => {
    const config = loadConfig({});
    expect(config.opsKey).toBeUndefined();
    expect(config.jwtSecret).toBeUndefined();
  });

  it('reads how long a start waits for the database', () => {
    expect(loadConfig({ DATABASE_WAIT_SECONDS: '5' }).databaseWaitSeconds).toBe(5);
    expect(() => loadConfig({ DATABASE_WAIT_SECONDS: 'soon' })).toThrow(/DATABASE_WAIT_SECONDS/);
  });
});
