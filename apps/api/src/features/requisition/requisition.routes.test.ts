import { apiErrorSchema, REQUISITION_MESSAGES, STOOL_SURVEY_ID } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ops, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
let siteId: number;
type Kit = { id: number; hashedId: string; tubes: string[]; formLink: string };

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });

async function kits(kitType: string, count = 1, site = siteId): Promise<Kit[]> {
  const res = await post(`/api/admin/study/sites/${site}/kits`, { kitType, count }, ops);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const requisition = (kit: Kit, subject: string, extra: object = {}) => ({
  formType: 'requisition-form',
  kitHashedId: kit.hashedId,
  visitor: { externalReference: subject, yearOfBirth: 1975, gender: 'FEMALE' },
  studyVisit: 'SV1',
  collections: [
    {
      kitHashedId: kit.hashedId,
      collectionDateAtSiteTimezone: '2026-03-01',
      collectionTimeAtSiteTimezone: '09:30',
    },
  ],
  note: 'Fasted',
  sampleReplacements: [],
  ...extra,
});

const kitInfo = async (hash: string, formType = 'requisition-form') =>
  t.app.inject({ url: `/api/requisition/kits/${encodeURIComponent(hash)}?formType=${formType}` });

beforeAll(async () => {
  t = await createTestApp();
  const res = await post(
    '/api/admin/study/sites',
    { name: 'Brisbane site', timezone: 'Australia/Brisbane' },
    ops,
  );
  expect(res.statusCode, res.body).toBe(201);
  siteId = res.json().id;
});
afterAll(() => t.close());

describe('study admin (ops study:create, study:kits)', () => {
  it('refuses an unknown time zone and a second site of the same name', async () => {
    const zone = await post('/api/admin/study/sites', { name: 'Nowhere', timezone: 'Mars/Olympus' }, ops);
    expect(zone.statusCode).toBe(400);
    const again = await post('/api/admin/study/sites', { name: 'Brisbane site', timezone: 'UTC' }, ops);
    expect(again.statusCode).toBe(409);
  });

  it('gives each kit an unguessable label id, its tubes and its form link', async () => {
    const blood = await kits('ORBITM_B_KIT', 3);
    const [replacement] = await kits('ORBITM_R_KIT');
    const ids = blood.map((k) => k.hashedId);
    // 128 random bits each: consecutive kits share no prefix that would let one label hint at another.
    expect(new Set(ids.map((id) => id.slice(0, 4))).size).toBe(3);
    for (const kit of blood) {
      expect(kit.hashedId).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(kit.tubes).toHaveLength(4);
      expect(kit.formLink).toBe(`http://localhost:3000/requisition/${kit.hashedId}`);
    }
    expect(replacement?.formLink).toBe(`http://localhost:3000/replacement/${replacement?.hashedId}`);
  });

  it('is for operators only', async () => {
    const res = await post('/api/admin/study/sites', { name: 'X', timezone: 'UTC' });
    expect(res.statusCode).toBe(401);
  });
});

describe('requisition form', () => {
  it('answers an unknown or mistyped label with 404 and a clear message', async () => {
    const [kit] = await kits('ORBITM_B_KIT');
    if (!kit) throw new Error('no kit');
    const mistyped = `${kit.hashedId.slice(0, -1)}${kit.hashedId.endsWith('A') ? 'B' : 'A'}`;
    for (const hash of ['nope', mistyped]) {
      const res = await kitInfo(hash);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: REQUISITION_MESSAGES.invalidKit, code: 'NOT_FOUND' });
    }
    // A blood kit does not open the replacement form.
    expect((await kitInfo(kit.hashedId, 'replacement-form')).statusCode).toBe(404);
  });

  it('stores a blood requisition with a tube replacement, in the site time zone and as an epoch', async () => {
    const [kit] = await kits('ORBITM_B_KIT');
    const [spare] = await kits('ORBITM_R_KIT');
    if (!kit || !spare) throw new Error('no kit');
    const before = (await kitInfo(kit.hashedId)).json();
    expect(before).toMatchObject({
      site: { id: siteId, name: 'Brisbane site' },
      visitor: null,
      collections: [],
    });
    expect(before.kit).toEqual({ kitHashedId: kit.hashedId, kitType: 'ORBITM_B_KIT', tubes: kit.tubes });

    const replacements = [{ replaced: kit.tubes[1], replacedBy: spare.tubes[0] }];
    const res = await post(
      '/api/requisition/kits',
      requisition(kit, 'SUBJ-1', { sampleReplacements: replacements }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(REQUISITION_MESSAGES.submitted);

    const after = (await kitInfo(kit.hashedId)).json();
    expect(after).toMatchObject({
      visitor: { externalReference: 'SUBJ-1', yearOfBirth: 1975, gender: 'FEMALE' },
      studyVisit: 'SV1',
      note: 'Fasted',
      visitAt: '2026-03-01T09:30:00+10:00',
      visitAtEpoch: Date.parse('2026-02-28T23:30:00Z'),
      sampleReplacements: replacements,
    });
    expect(after.collections).toEqual([
      {
        kit: { kitHashedId: kit.hashedId, kitId: expect.any(Number), kitType: 'ORBITM_B_KIT' },
        collectionDateAtSiteTimezone: '2026-03-01',
        collectionTimeAtSiteTimezone: '09:30',
        collectedAtEpoch: Date.parse('2026-02-28T23:30:00Z'),
      },
    ]);

    const visits = await t.app.inject({
      url: `/api/requisition/visitors?kitHashedId=${kit.hashedId}&subjectId=SUBJ-1`,
    });
    expect(visits.json()).toEqual({
      visits: [{ studyVisit: 'SV1', visitAt: '2026-03-01T09:30:00+10:00', kitTypes: ['ORBITM_B_KIT'] }],
    });
  });

  it('refuses a second kit of the same type for the same subject and visit, and allows the other visit', async () => {
    const [first, second] = await kits('ORBITM_B_KIT', 2);
    if (!first || !second) throw new Error('no kit');
    expect((await post('/api/requisition/kits', requisition(first, 'SUBJ-2'))).statusCode).toBe(200);
    // The same kit again updates its requisition.
    expect(
      (await post('/api/requisition/kits', requisition(first, 'SUBJ-2', { note: 'x' }))).statusCode,
    ).toBe(200);

    const duplicate = await post('/api/requisition/kits', requisition(second, 'SUBJ-2'));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ message: REQUISITION_MESSAGES.duplicateKit, code: 'CONFLICT' });
    expect((await kitInfo(second.hashedId)).json().visitor).toBeNull();

    const otherVisit = await post(
      '/api/requisition/kits',
      requisition(second, 'SUBJ-2', { studyVisit: 'SV2' }),
    );
    expect(otherVisit.statusCode).toBe(200);
  });

  it('refuses a collection later than now at the site, and stores nothing', async () => {
    const [kit] = await kits('ORBITM_B_KIT');
    if (!kit) throw new Error('no kit');
    const tomorrow = new Date(Date.now() + 36 * 3600 * 1000).toISOString().slice(0, 10);
    const res = await post(
      '/api/requisition/kits',
      requisition(kit, 'SUBJ-FUTURE', {
        collections: [
          {
            kitHashedId: kit.hashedId,
            collectionDateAtSiteTimezone: tomorrow,
            collectionTimeAtSiteTimezone: '09:30',
          },
        ],
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: REQUISITION_MESSAGES.collectionInFuture,
      fields: { collectionDate: REQUISITION_MESSAGES.collectionInFuture },
    });
    expect((await kitInfo(kit.hashedId)).json().visitor).toBeNull();
  });

  it('refuses tubes that are not this kit’s or not a spare of this site, and a spare used twice', async () => {
    const [kit, other] = await kits('ORBITM_B_KIT', 2);
    const [spare] = await kits('ORBITM_R_KIT');
    if (!kit || !other || !spare) throw new Error('no kit');
    const send = (kitUsed: Kit, subject: string, replaced: string, replacedBy: string) =>
      post(
        '/api/requisition/kits',
        requisition(kitUsed, subject, { sampleReplacements: [{ replaced, replacedBy }] }),
      );

    const notOwn = await send(kit, 'SUBJ-3', other.tubes[0] as string, spare.tubes[0] as string);
    expect(notOwn.statusCode).toBe(400);
    expect(notOwn.json().message).toBe(REQUISITION_MESSAGES.notATube(other.tubes[0] as string));
    const notSpare = await send(kit, 'SUBJ-3', kit.tubes[0] as string, other.tubes[1] as string);
    expect(notSpare.statusCode).toBe(400);

    expect((await send(kit, 'SUBJ-3', kit.tubes[0] as string, spare.tubes[0] as string)).statusCode).toBe(
      200,
    );
    const reused = await send(other, 'SUBJ-4', other.tubes[0] as string, spare.tubes[0] as string);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(REQUISITION_MESSAGES.replacementUsed(spare.tubes[0] as string));
  });

  it.each([
    [
      'a year of birth before 1900',
      { visitor: { externalReference: 'S', yearOfBirth: 1899, gender: 'MALE' } },
    ],
    [
      'a gender other than male or female',
      { visitor: { externalReference: 'S', yearOfBirth: 1980, gender: 'X' } },
    ],
    ['a study visit SV3', { studyVisit: 'SV3' }],
    [
      'an hour of 24',
      {
        collections: [
          {
            kitHashedId: 'x',
            collectionDateAtSiteTimezone: '2026-03-01',
            collectionTimeAtSiteTimezone: '24:00',
          },
        ],
      },
    ],
    [
      'a tube replaced twice',
      {
        sampleReplacements: [
          { replaced: 'A', replacedBy: 'B' },
          { replaced: 'A', replacedBy: 'C' },
        ],
      },
    ],
    ['no subject id', { visitor: { externalReference: ' ', yearOfBirth: 1980, gender: 'MALE' } }],
  ])('refuses %s with 400 in the error shape, storing nothing', async (_what, change) => {
    const [kit] = await kits('ORBITM_B_KIT');
    if (!kit) throw new Error('no kit');
    const res = await post('/api/requisition/kits', requisition(kit, 'SUBJ-BAD', change));
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.safeParse(res.json()).success).toBe(true);
    expect((await kitInfo(kit.hashedId)).json().visitor).toBeNull();
  });

  it('keeps visitors of one site away from a kit of another site', async () => {
    const other = await post(
      '/api/admin/study/sites',
      { name: 'Auckland site', timezone: 'Pacific/Auckland' },
      ops,
    );
    const [foreign] = await kits('ORBITM_B_KIT', 1, other.json().id);
    if (!foreign) throw new Error('no kit');
    const res = await t.app.inject({
      url: `/api/requisition/visitors?kitHashedId=${foreign.hashedId}&subjectId=SUBJ-1`,
    });
    expect(res.json()).toEqual({ visits: [] });
  });
});

describe('stool requisition and its questionnaire (survey 19)', () => {
  const answerAll = async (surveyResultId: string, token: string) => {
    const answers: [string, number[], string | null][] = [
      ['STOOL_FORM', [10104], null],
      ['STOOL_BLOOD_VISIBLE', [], 'false'],
      ['STOOL_TYPICAL', [], 'true'],
      ['STOOL_ANTIBIOTICS_3_MONTHS', [], 'false'],
      ['STOOL_PROBIOTICS_4_WEEKS', [], 'false'],
      ['STOOL_LAXATIVES_7_DAYS', [], 'false'],
      ['STOOL_MOTIONS_PER_DAY', [], '1'],
      ['STOOL_GASTRO_4_WEEKS', [], 'false'],
    ];
    for (const [questionId, ids, answerString] of answers) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/questionnaire/survey-result/${surveyResultId}/survey`,
        headers: { 'x-survey-result-token': token },
        payload: { questionId, answers: ids, answerString },
      });
      expect(res.statusCode, `${questionId}: ${res.body}`).toBe(200);
    }
  };

  it('serves the questionnaire, needs its compulsory answers, then takes the requisition', async () => {
    const definition = (await t.app.inject(`/api/questionnaire/survey/${STOOL_SURVEY_ID}`)).json();
    expect(definition.surveyType).toBe('STOOL_SAMPLE');
    const [kit] = await kits('ORBITM_S_KIT');
    if (!kit) throw new Error('no kit');
    const info = (await kitInfo(kit.hashedId)).json();
    expect(info.kit.kitType).toBe('ORBITM_S_KIT');
    const [result] = info.surveyResults;

    const early = await post('/api/requisition/kits', requisition(kit, 'SUBJ-S'));
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(REQUISITION_MESSAGES.requiredNotProvided);
    expect(early.json().fields.STOOL_FORM).toBe('Which description best matches the sample you collected?');

    await answerAll(result.surveyResultId, result.token);
    const answers = await t.app.inject({
      url: `/api/questionnaire/survey-result/${result.surveyResultId}/survey/19`,
      headers: { 'x-survey-result-token': result.token },
    });
    expect(answers.json().questionResultsMap.STOOL_TYPICAL.answerString).toBe('true');
    const cleared = await t.app.inject({
      method: 'PUT',
      url: `/api/questionnaire/survey-result/${result.surveyResultId}/survey`,
      headers: { 'x-survey-result-token': result.token },
      payload: { questionId: 'STOOL_COMMENTS', answers: [], answerString: '' },
    });
    expect(cleared.json()).toEqual({ saved: null });
    expect((await post('/api/requisition/kits', requisition(kit, 'SUBJ-S'))).statusCode).toBe(200);
  });

  it("refuses a questionnaire without its token, or with another kit's token", async () => {
    const [a, b] = await kits('ORBITM_S_KIT', 2);
    if (!a || !b) throw new Error('no kit');
    const ra = (await kitInfo(a.hashedId)).json().surveyResults[0];
    const rb = (await kitInfo(b.hashedId)).json().surveyResults[0];
    const url = `/api/questionnaire/survey-result/${ra.surveyResultId}/survey/19`;
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    const crossed = await t.app.inject({ url, headers: { 'x-survey-result-token': rb.token } });
    expect(crossed.statusCode).toBe(401);
    expect(crossed.json().message).toBe(REQUISITION_MESSAGES.surveyTokenInvalid);
  });
});

describe('replacement form', () => {
  it('links a replacement kit to a subject’s kit of the same site', async () => {
    const [blood] = await kits('ORBITM_B_KIT');
    const [spare] = await kits('ORBITM_R_KIT');
    if (!blood || !spare) throw new Error('no kit');
    await post('/api/requisition/kits', requisition(blood, 'SUBJ-R'));
    const replacement = (extra: object = {}) => ({
      formType: 'replacement-form',
      kitHashedId: spare.hashedId,
      replacedKitHashedId: blood.hashedId,
      siteNumber: siteId,
      subjectId: 'SUBJ-R',
      ...extra,
    });
    expect((await kitInfo(spare.hashedId, 'requisition-form')).statusCode).toBe(404);
    expect((await post('/api/requisition/kits', replacement({ siteNumber: siteId + 1000 }))).statusCode).toBe(
      400,
    );
    expect((await post('/api/requisition/kits', replacement({ subjectId: 'SUBJ-NOBODY' }))).statusCode).toBe(
      400,
    );
    const missing = await post('/api/requisition/kits', replacement({ subjectId: '' }));
    expect(missing.json().message).toBe(REQUISITION_MESSAGES.subjectIdRequiredShort);

    const ok = await post('/api/requisition/kits', replacement());
    expect(ok.statusCode, ok.body).toBe(200);
    const info = (await kitInfo(spare.hashedId, 'replacement-form')).json();
    expect(info.replacement).toEqual({
      replacedKitHashedId: blood.hashedId,
      siteNumber: siteId,
      subjectId: 'SUBJ-R',
    });
  });
});

describe('rate limit', () => {
  it('answers 429 in the error shape once a caller sends too many', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++)
        codes.push((await limited.app.inject('/api/requisition/kits/nope')).statusCode);
      expect(codes).toEqual([404, 404, 404, 429, 429]);
      const res = await limited.app.inject('/api/requisition/kits/nope');
      expect(apiErrorSchema.safeParse(res.json()).success).toBe(true);
    } finally {
      await limited.close();
    }
  });
});
