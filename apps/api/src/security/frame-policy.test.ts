import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ops, type TestApp } from '../test/helpers.ts';

let dist: string;
let t: TestApp;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({}, { webDist: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

/** The directives of a response's content security policy, by name. */
function csp(res: { headers: Record<string, unknown> }): Record<string, string> {
  return Object.fromEntries(
    String(res.headers['content-security-policy'])
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name as string, values.join(' ')]),
  );
}
const page = (url: string) => t.app.inject({ url, headers: { accept: 'text/html' } });

describe('framing', () => {
  it.each(['/api/legal/terms.pdf', '/api/legal/privacy.pdf?v=v7.0', '/api/parental-consent/form.pdf'])(
    'lets our own pages frame the PDF %s, and no other site',
    async (url) => {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/pdf');
      expect(csp(res)['frame-ancestors']).toBe("'self'");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    },
  );

  it('keeps every other answer unframable', async () => {
    expect(csp(await t.app.inject('/api/config'))['frame-ancestors']).toBe("'none'");
    expect(csp(await page('/terms'))['frame-ancestors']).toBe("'none'");
    expect(csp(await t.app.inject('/api/legal/terms.pdf?v=nope'))['frame-ancestors']).toBe("'none'");
  });

  it("allows a consent page to frame its recruitment's PDF hosts, and only there", async () => {
    const consent = (title: string, url?: string) => ({
      title,
      htmlContent: '<p>Please read.</p>',
      agreeLabel: 'I agree',
      disagreeLabel: 'I do not agree',
      ...(url ? { url } : {}),
    });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/recruitments',
      headers: ops,
      payload: {
        title: 'Soup study',
        consents: [
          consent('Information', 'https://docs.study.example.org/info.pdf'),
          consent('Consent', 'https://files.example.net:8443/consent.pdf?x=1'),
          consent('Thanks'),
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id, consentIds } = created.json();
    const consentPage = await page(
      `/recruitment/${id}/candidate/00000000-0000-4000-8000-000000000000/consent/${consentIds[2]}`,
    );
    expect(consentPage.statusCode).toBe(200);
    expect(csp(consentPage)['frame-src']).toBe(
      "'self' https://docs.study.example.org https://files.example.net:8443",
    );
    expect(csp(consentPage)['frame-ancestors']).toBe("'none'");
    expect(csp(await page('/dashboard'))['frame-src']).toBe("'self'");
    expect(csp(await page(`/recruitment/${id + 1000}/candidate/x/consent/1`))['frame-src']).toBe("'self'");
  });

  it('lets the staff console frame the consent form it fetched (blob:), and no other page', async () => {
    expect(csp(await page('/staff/people/1'))['frame-src']).toBe("'self' blob:");
    expect(csp(await page('/staff'))['frame-src']).toBe("'self' blob:");
    expect(csp(await page('/staffing'))['frame-src']).toBe("'self'");
  });
});
