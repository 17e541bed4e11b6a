import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recruitmentConsents } from '../../db/schema/index.ts';
import { createTestApp, ops, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('recruitment:create, consent titles and thank-you texts', () => {
  it('sanitises the title and thank-you with the body allow-list, keeping their formatting', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/recruitments',
      headers: ops,
      payload: {
        title: 'Soup study',
        consents: [
          {
            title: 'Consent to the <b>Soup</b> study<script>alert(1)</script>',
            htmlContent: '<p>Do you agree?</p>',
            agreeLabel: 'I agree',
            disagreeLabel: 'I do not agree',
            thanksResponse: '<p>Thank you, <i>welcome</i>.</p><img src=x onerror="alert(1)">',
          },
          {
            title: 'Plain title',
            htmlContent: '<p>And this?</p>',
            agreeLabel: 'Yes',
            disagreeLabel: 'No',
          },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json() as { id: number };
    const rows = await t.database.db
      .select({ title: recruitmentConsents.title, thanks: recruitmentConsents.thanksResponse })
      .from(recruitmentConsents)
      .where(eq(recruitmentConsents.recruitmentId, id))
      .orderBy(asc(recruitmentConsents.id));
    expect(rows).toEqual([
      { title: 'Consent to the <b>Soup</b> study', thanks: '<p>Thank you, <i>welcome</i>.</p>' },
      { title: 'Plain title', thanks: null },
    ]);
  });
});
