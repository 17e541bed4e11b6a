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

describe('the proxies whose forwarded address is believed (TRUST_PROXY)', () => {
  it('believes no X-Forwarded-For by default, in production too', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).trustProxy).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', TRUST_PROXY: ' ' }).trustProxy).toBe(false);
  });

  it('reads a hop count', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: '5000' })).toThrow(/TRUST_PROXY: 5000 proxies/);
  });

  it('reads a list of addresses and CIDRs', () => {
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy).toEqual(['127.0.0.1']);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7 ,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses to believe every hop, naming the variable and what to give instead', () => {
    for (const value of ['true', 'TRUE', '*', 'all'])
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY cannot be .*any client can write.*number of proxies.*127\.0\.0\.1/,
      );
  });

  it('refuses what is not an address or CIDR, naming each', () => {
    expect(() => loadConfig({ TRUST_PROXY: '127.0.0.1,proxy.example,10.0.0.0/33' })).toThrow(
      /TRUST_PROXY: "proxy.example", "10.0.0.0\/33" is not an IP address or CIDR/,
    );
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1,' })).toThrow(/TRUST_PROXY: "" is not/);
    expect(() => loadConfig({ TRUST_PROXY: '-1' })).toThrow(/TRUST_PROXY/);
  });
});

describe('listening and stopping', () => {
  it('listens on the loopback address unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'production' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(() => loadConfig({ HOST: ' ' })).toThrow(/HOST/);
  });

  it('reads the grace period after SIGTERM, 5 s by default', () => {
    expect(loadConfig({}).shutdownGraceSeconds).toBe(5);
    expect(loadConfig({ SHUTDOWN_GRACE_SECONDS: '0' }).shutdownGraceSeconds).toBe(0);
    expect(() => loadConfig({ SHUTDOWN_GRACE_SECONDS: 'later' })).toThrow(/SHUTDOWN_GRACE_SECONDS/);
  });
});
