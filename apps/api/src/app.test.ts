import http from 'node:http';
import { ERROR_CODES } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from './app.ts';
import {
  bearer,
  createTestApp,
  createTestDatabase,
  ops,
  signedInUser,
  TEST_JWT_SECRET,
  TEST_OPS_KEY,
  type TestApp,
  testConfig,
} from './test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SITE_ALERT: 'Lab closed on Friday', BRAND_NAME: 'Gut Lab' });
});
afterAll(() => t.close());

describe('platform', () => {
  it('answers health and readiness', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject('/readyz')).json()).toEqual({ status: 'ready' });
  });

  it('publishes OpenAPI 3.1 generated from the route schemas, and its docs page', async () => {
    const spec = (await t.app.inject('/api/openapi.json')).json();
    expect(spec.openapi).toBe('3.1.0');
    expect(spec.paths['/api/auth/login'].post.requestBody).toBeTruthy();
    expect(spec.paths['/api/auth/register'].post.responses['201']).toBeTruthy();
    expect((await t.app.inject('/api/docs/')).statusCode).toBe(200);
  });

  it('gives the web app its public settings', async () => {
    expect((await t.app.inject('/api/config')).json()).toMatchObject({
      appType: 'CUSTOMER',
      brandName: 'Gut Lab',
      supportPhone: '1300 974 621',
      supportPostalAddress: 'GPO Box 1234, Brisbane QLD 4001',
      consumerSignInUrl: 'https://portal.microbiomelab.com.au/login',
      siteAlert: 'Lab closed on Friday',
      maintenanceUntil: null,
      features: expect.objectContaining({ testOrders: true }),
    });
  });

  it('never offers the internal test-order page in production', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production' }, { workJobs: false });
    try {
      expect((await prod.app.inject('/api/config')).json().features.testOrders).toBe(false);
    } finally {
      await prod.close();
    }
  });

  it('sends a strict content security policy and HSTS', async () => {
    const res = await t.app.inject('/api/config');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['strict-transport-security']).toContain('max-age=');
  });

  it('allows Stripe Elements in the content security policy only when Stripe keys are set', async () => {
    const strict = cspDirectives(await t.app.inject('/api/config'));
    expect(strict['script-src']).toBe("'self'");
    expect(strict['connect-src']).toBe("'self'");
    expect(strict['frame-src']).toBe("'self'");
    expect(Object.values(strict).join(' ')).not.toContain('stripe');

    const withStripe = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
    });
    try {
      const res = await withStripe.app.inject('/api/config');
      expect(res.json().stripePublishableKey).toBe('pk_test_x');
      const csp = cspDirectives(res);
      expect(csp['script-src']).toBe("'self' https://js.stripe.com");
      expect(csp['frame-src']).toBe("'self' https://js.stripe.com https://hooks.stripe.com");
      expect(csp['connect-src']).toBe("'self' https://api.stripe.com");
      expect(csp['default-src']).toBe("'self'");
      expect(csp['frame-ancestors']).toBe("'none'");
    } finally {
      await withStripe.close();
    }
  });

  it('answers an unknown API path with the error shape', async () => {
    const res = await t.app.inject('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(ERROR_CODES.notFound);
  });
});

describe('admin API guard', () => {
  it('refuses without the operator key, and refuses a user without the authority', async () => {
    expect((await t.app.inject('/api/admin/mail')).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: '/api/admin/mail', headers: { 'x-ops-key': 'nope' } })).statusCode,
    ).toBe(401);
    const user = await signedInUser(t.app);
    const res = await t.app.inject({ url: '/api/admin/mail', headers: bearer(user.accessToken) });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(ERROR_CODES.forbidden);
  });

  it('lets a user holding the authority in', async () => {
    const admin = await signedInUser(t.app, { authorities: ['MAIL_READ'] });
    expect(
      (await t.app.inject({ url: '/api/admin/mail', headers: bearer(admin.accessToken) })).statusCode,
    ).toBe(200);
  });

  it('serves the dev mailbox outside production only, and only with the operator key', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email: 'nobody@example.com' },
    });
    const locked = await t.app.inject('/dev/mailbox');
    expect(locked.statusCode).toBe(401);
    expect(locked.body).not.toContain('Dev mailbox');
    const page = await t.app.inject({ url: '/dev/mailbox', headers: ops });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Dev mailbox');
    const prod = await createTestApp({ NODE_ENV: 'production' }, { workJobs: false });
    try {
      expect((await prod.app.inject('/dev/mailbox')).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });

  it('checks operator-created users like registrations', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: ops,
      payload: { email: 'a@example.com', password: 'weak', firstName: 'A', lastName: 'B' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.password).toBeTruthy();
  });
});

describe('start', () => {
  it('waits for slow start-up work however long it takes, instead of failing the start', async () => {
    const database = await createTestDatabase();
    const app = await buildApp(testConfig(), database, { jwtSecret: TEST_JWT_SECRET, opsKey: TEST_OPS_KEY });
    // Start-up work in an onReady hook, as the job queue's is, that takes a minute (on fake timers).
    let release: () => void = () => {};
    const slowWork = new Promise<void>((resolve) => {
      release = resolve;
    });
    app.addHook('onReady', async () => {
      await slowWork;
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let outcome = 'starting';
      const ready = app.ready().then(
        () => {
          outcome = 'ready';
        },
        (error: Error) => {
          outcome = error.message;
        },
      );
      await vi.advanceTimersByTimeAsync(60_000);
      expect(outcome).toBe('starting');
      release();
      await ready;
      expect(outcome).toBe('ready');
    } finally {
      vi.useRealTimers();
      await app.close();
      await database.close();
    }
  });
});

describe('graceful shutdown', () => {
  it('first says it is not ready and goes on serving everything else', async () => {
    const left = await createTestApp();
    try {
      left.app.leave();
      const ready = await left.app.inject('/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.json().code).toBe(ERROR_CODES.unavailable);
      const health = await left.app.inject('/healthz');
      expect(health.statusCode).toBe(200);
      // Connections kept alive end with this response, so a client reconnects to another instance.
      expect(health.headers.connection).toBe('close');
      expect((await left.app.inject('/api/config')).statusCode).toBe(200);
      expect(
        (await left.app.inject({ method: 'POST', url: '/api/auth/login', payload: {} })).statusCode,
      ).toBe(400);
    } finally {
      await left.close();
    }
  });

  it('lets in-flight requests finish and answers new ones with 503', async () => {
    const database = await createTestDatabase();
    const app = await buildApp(testConfig(), database, { jwtSecret: TEST_JWT_SECRET, opsKey: TEST_OPS_KEY });
    let release: () => void = () => {};
    let arrived: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slowArrived = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    app.get('/slow', async () => {
      arrived();
      await gate;
      return { done: true };
    });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    // Plain sockets without keep-alive pooling: nothing is left half-read when the server goes away.
    const inFlight = rawGet(`${url}/slow`);
    await slowArrived;
    // What the server does on SIGTERM: drain (new requests 503, the port still open), then close.
    const closing = app.drain(5_000).then(() => app.close());
    const late = await rawGet(`${url}/healthz`);
    release();
    expect(JSON.parse((await inFlight).body)).toEqual({ done: true });
    await closing;
    await database.close();
    expect(late.status).toBe(503);
    expect(JSON.parse(late.body).code).toBe(ERROR_CODES.unavailable);
  });
});

/** GET over a fresh connection (no agent), reading the whole body. */
function rawGet(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** The content security policy of a response as directive → sources. */
function cspDirectives(res: { headers: Record<string, unknown> }): Record<string, string> {
  const entries = String(res.headers['content-security-policy'])
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .filter((words) => words[0])
    .map(([name, ...sources]) => [name, sources.join(' ')]);
  return Object.fromEntries(entries);
}
