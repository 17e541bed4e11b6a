import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('terms and privacy', () => {
  it('lists the versions of research §2', async () => {
    expect((await t.app.inject('/api/legal/versions')).json()).toEqual({
      terms: ['default', 'v4.0', 'pv1.0', 'v3.0', 'v2.12', 'v2.10', 'cobiome-v1.0', 'cobiome-v2.0'],
      privacy: ['default', 'v9.0', 'v7.0', 'v6.0', 'v4.0', 'v1.7'],
      current: { terms: 'v4.0', privacy: 'v9.0' },
    });
  });

  it.each([
    ['/api/legal/terms.pdf', 'Terms of Use v4.0'],
    ['/api/legal/terms.pdf?v=v3.0', 'Terms of Use v3.0'],
    ['/api/legal/privacy.pdf?v=v1.7', 'Privacy Policy v1.7'],
  ])('serves %s as a real PDF', async (url, title) => {
    const res = await t.app.inject(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.rawPayload.toString('latin1')).toContain(title);
  });

  it('answers an unknown version with a clear message', async () => {
    const res = await t.app.inject('/api/legal/terms.pdf?v=v99');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('There is no version v99 of the terms.');
  });

  it.each(['constructor', '__proto__', 'toString', 'valueOf'])(
    'answers ?v=%s, a name every object inherits, as an unknown version',
    async (version) => {
      for (const kind of ['terms', 'privacy']) {
        const res = await t.app.inject(`/api/legal/${kind}.pdf?v=${version}`);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({
          message: `There is no version ${version} of the ${kind === 'terms' ? 'terms' : 'privacy policy'}.`,
          code: 'NOT_FOUND',
        });
      }
    },
  );
});
