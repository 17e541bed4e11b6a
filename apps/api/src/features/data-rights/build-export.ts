import { createHash } from 'node:crypto';
import {
  canViewReports,
  describeSupportRequest,
  hasOptions,
  kitDisplayName,
  type SurveyDefinition,
  type SurveyType,
} from '@portal/domain';
import { parseMetaphlanProfile } from '@portal/domain/report';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { reportPdf } from '../../adapters/pdf/report-pdf.ts';
import {
  consentResponses,
  consents,
  impersonationAudit,
  kitEvents,
  kits,
  labResults,
  orderItems,
  orders,
  parentalConsentForms,
  projects,
  sentKits,
  subscriptions,
  surveyAnswers,
  surveyDefinitions,
  users,
} from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { listEmailPreferences } from '../email-preferences/email-preferences.service.ts';
import { profileDownload, taxaCsvDownload } from '../reports/downloads.service.ts';
import { getJourney } from '../reports/journey.service.ts';
import { explainedReport } from '../reports/report-explanations.ts';
import { listReports, metaOf } from '../reports/reports.service.ts';
import { latestDefinitionOf } from '../surveys/catalog.ts';
import { type FhirConsent, type FhirQuestionnaire, type FhirReport, fhirBundle } from './fhir.ts';

/** One file of the export: its path in the ZIP and its bytes. */
export type ExportFile = { path: string; bytes: Uint8Array };

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A CSV cell a spreadsheet reads as text: quoted when needed, never taken for a formula. */
function cell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
const csv = (rows: (string | number | null | undefined)[][]) =>
  `${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** The text of a saved answer: option texts for option questions, Yes/No for yes-no questions. */
function answerText(
  question: SurveyDefinition['questions'][number] | undefined,
  answer: { answers: number[]; answerString: string | null },
): string {
  if (question && hasOptions(question.answerType))
    return answer.answers
      .map((id) => question.answers.find((o) => o.id === id)?.answer ?? `option ${id}`)
      .join('; ');
  if (question?.answerType === 'BOOLEAN')
    return answer.answerString === 'true' ? 'Yes' : answer.answerString === 'false' ? 'No' : '';
  return answer.answerString ?? '';
}

function fhirAnswer(
  question: SurveyDefinition['questions'][number] | undefined,
  answer: { answers: number[]; answerString: string | null },
) {
  if (question && hasOptions(question.answerType))
    return answer.answers.map((id) => ({
      valueCoding: {
        code: String(id),
        display: question.answers.find((o) => o.id === id)?.answer ?? `option ${id}`,
      },
    }));
  if (
    question?.answerType === 'BOOLEAN' &&
    (answer.answerString === 'true' || answer.answerString === 'false')
  )
    return [{ valueBoolean: answer.answerString === 'true' }];
  return answer.answerString ? [{ valueString: answer.answerString }] : [];
}

/**
 * Everything the portal holds about one person, as the files of the export ZIP (docs/privacy.md). Reads
 * only; a minor without parental consent gets everything but the report data (canViewReports), and
 * results of a project that delivers none are left out as the portal leaves them out (listReports).
 */
export async function exportFiles(ctx: AppContext, userId: string, now = new Date()): Promise<ExportFile[]> {
  const { db } = ctx;
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new Error('export: no such person');
  const files: ExportFile[] = [];
  const add = (path: string, content: string | Uint8Array) =>
    files.push({ path, bytes: typeof content === 'string' ? strToU8(content) : content });

  // profile.json: the person, their consents, orders and subscriptions (no card data).
  const consentRows = await db
    .select({
      id: consentResponses.id,
      consentId: consentResponses.consentId,
      title: consents.title,
      flowId: consents.flowId,
      version: consentResponses.consentVersion,
      consented: consentResponses.consented,
      withdrawal: consentResponses.withdrawal,
      consenterType: consentResponses.consenterType,
      at: consentResponses.createdAt,
    })
    .from(consentResponses)
    .innerJoin(consents, eq(consents.id, consentResponses.consentId))
    .where(eq(consentResponses.consenterId, userId))
    .orderBy(asc(consentResponses.createdAt), asc(consentResponses.id));
  const parentalForms = await db
    .select({
      createdAt: parentalConsentForms.createdAt,
      reviewedAt: parentalConsentForms.reviewedAt,
      approved: parentalConsentForms.approved,
      contentType: parentalConsentForms.contentType,
      size: parentalConsentForms.size,
    })
    .from(parentalConsentForms)
    .where(eq(parentalConsentForms.userId, userId));
  const orderRows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.id));
  const itemRows = orderRows.length
    ? await db
        .select()
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            orderRows.map((o) => o.id),
          ),
        )
    : [];
  const subscriptionRows = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.consumerUserId, userId))
    .orderBy(asc(subscriptions.id));

  const person = {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    gender: user.gender,
    dateOfBirth: user.dateOfBirth,
    phoneNumber: user.phoneNumber,
    userType: user.userType,
    underAge: user.underAge,
    guardianAccount: user.guardian,
    guardianFirstName: user.guardianFirstName,
    guardianLastName: user.guardianLastName,
    parentConsented: user.parentConsented,
    agreeToDataUsage: user.agreeToDataUsage,
    address: {
      addressLine1: user.addressLine1,
      addressLine2: user.addressLine2,
      suburb: user.suburb,
      state: user.state,
      postcode: user.postcode,
      country: user.country,
    },
    participantCode: user.participantCode,
    referralCode: user.referralCode,
    emailVerifiedAt: iso(user.emailVerifiedAt),
    createdAt: iso(user.createdAt),
    updatedAt: iso(user.updatedAt),
  };
  const reportsShown = canViewReports(user);
  add(
    'profile.json',
    json({
      generatedAt: now.toISOString(),
      person,
      ...(user.guardian
        ? {
            dependant:
              'This is a parent or guardian account: its kits, answers and reports are your dependant’s, and are all in this export.',
          }
        : {}),
      reportsIncluded: reportsShown,
      consents: consentRows.map((c) => ({
        consentId: c.consentId,
        title: c.title,
        flowId: c.flowId,
        version: c.version,
        answer: c.withdrawal ? 'WITHDRAWN' : c.consented ? 'AGREED' : 'DECLINED',
        consenterType: c.consenterType,
        at: c.at.toISOString(),
      })),
      emailPreferences: (await listEmailPreferences(db, userId)).preferences,
      parentalConsentForms: parentalForms.map((f) => ({
        uploadedAt: f.createdAt.toISOString(),
        reviewedAt: iso(f.reviewedAt),
        approved: f.approved,
        contentType: f.contentType,
        size: f.size,
      })),
      orders: orderRows.map((o) => ({
        id: o.id,
        orderType: o.orderType,
        purchaserEmail: o.purchaserEmail,
        purchaserFirstName: o.purchaserFirstName,
        purchaserLastName: o.purchaserLastName,
        subtotalCents: o.subtotalCents,
        discountCents: o.discountCents,
        amountCents: o.amountCents,
        promoCode: o.promoCode,
        paymentProvider: o.provider,
        description: o.description,
        replacingKitId: o.replacingKitId,
        createdAt: o.createdAt.toISOString(),
        items: itemRows
          .filter((i) => i.orderId === o.id)
          .map((i) => ({
            type: i.orderItemType,
            deliveryOption: i.deliveryOption,
            unitPriceCents: i.unitPriceCents,
            subscriptionType: i.subscriptionType,
            giftEmail: i.email,
            referralCode: i.referralCode,
            kitId: i.kitId,
          })),
      })),
      // The provider's saved-card reference (paymentCustomer) is card data: it is not exported.
      subscriptions: subscriptionRows.map((s) => ({
        id: s.id,
        orderId: s.orderId,
        subscriptionType: s.subscriptionType,
        unitPriceCents: s.unitPriceCents,
        intervalMonths: s.intervalMonths,
        paymentProvider: s.provider,
        address: {
          addressLine1: s.addressLine1,
          addressLine2: s.addressLine2,
          suburb: s.suburb,
          state: s.state,
          postcode: s.postcode,
        },
        renewals: s.renewals,
        nextRenewalAt: s.nextRenewalAt.toISOString(),
        cancelledAt: iso(s.cancelledAt),
        createdAt: s.createdAt.toISOString(),
      })),
    }),
  );

  // kits.json: every kit with its timeline, and the kits the person gave away.
  const kitRows = await db
    .select({ kit: kits, projectName: projects.name })
    .from(kits)
    .innerJoin(projects, eq(projects.id, kits.projectId))
    .where(eq(kits.ownerId, userId))
    .orderBy(asc(kits.id));
  const kitIds = kitRows.map((k) => k.kit.id);
  const events = kitIds.length
    ? await db
        .select()
        .from(kitEvents)
        .where(inArray(kitEvents.kitId, kitIds))
        .orderBy(asc(kitEvents.at), asc(kitEvents.id))
    : [];
  const given = await db
    .select({
      kitId: sentKits.kitId,
      receiverEmail: sentKits.receiverEmail,
      requestedAt: sentKits.requestedAt,
      redeemedAt: sentKits.redeemedAt,
    })
    .from(sentKits)
    .where(eq(sentKits.giverId, userId));
  add(
    'kits.json',
    json({
      kits: kitRows.map(({ kit, projectName }) => ({
        id: kit.id,
        name: kitDisplayName(kit),
        project: projectName,
        sampleIdentifier: kit.sampleIdentifier,
        kitStatus: kit.kitStatus,
        sampleStatus: kit.sampleStatus,
        redeemedAt: iso(kit.redeemedAt),
        activatedAt: iso(kit.activatedAt),
        displayDate: kit.displayDate,
        notes: kit.notes,
        shipping: {
          firstName: kit.shipFirstName,
          lastName: kit.shipLastName,
          addressLine1: kit.shipAddressLine1,
          addressLine2: kit.shipAddressLine2,
          suburb: kit.shipSuburb,
          state: kit.shipState,
          postcode: kit.shipPostcode,
        },
        createdAt: kit.createdAt.toISOString(),
        timeline: events
          .filter((e) => e.kitId === kit.id)
          .map((e) => ({ event: e.eventType, at: e.at.toISOString() })),
      })),
      givenToOthers: given.map((g) => ({
        kitId: g.kitId,
        receiverEmail: g.receiverEmail,
        requestedAt: g.requestedAt.toISOString(),
        redeemedAt: iso(g.redeemedAt),
      })),
    }),
  );

  // answers/<kit>-<type>.csv and answers/codebook.csv: each questionnaire with the text it was answered in.
  const answers = kitIds.length
    ? await db
        .select()
        .from(surveyAnswers)
        .where(inArray(surveyAnswers.kitId, kitIds))
        .orderBy(asc(surveyAnswers.kitId), asc(surveyAnswers.surveyType))
    : [];
  const definitions = new Map<string, SurveyDefinition>();
  const versions = [...new Set(answers.map((a) => `${a.surveyType}|${a.definitionVersion}`))];
  for (const key of versions) {
    const [type, version] = key.split('|') as [string, string];
    const [row] = await db
      .select({ definition: surveyDefinitions.definition })
      .from(surveyDefinitions)
      .where(and(eq(surveyDefinitions.surveyType, type), eq(surveyDefinitions.version, Number(version))));
    const definition =
      (row?.definition as SurveyDefinition | undefined) ?? latestDefinitionOf(type as SurveyType);
    if (definition) definitions.set(key, definition);
  }
  const questionnaires: FhirQuestionnaire[] = [];
  const groups = new Map<string, typeof answers>();
  for (const a of answers) {
    const key = `${a.kitId}|${a.surveyType}`;
    groups.set(key, [...(groups.get(key) ?? []), a]);
  }
  for (const [key, group] of groups) {
    const [kitId, surveyType] = key.split('|') as [string, string];
    const kit = kitRows.find((k) => String(k.kit.id) === kitId)?.kit;
    const definitionOf = (a: (typeof group)[number]) =>
      definitions.get(`${a.surveyType}|${a.definitionVersion}`);
    const order = (a: (typeof group)[number]) =>
      definitionOf(a)?.questions.findIndex((q) => q.questionId === a.questionId) ?? Number.MAX_SAFE_INTEGER;
    const sorted = [...group].sort((x, y) => order(x) - order(y));
    const rows = sorted.map((a) => {
      const question = definitionOf(a)?.questions.find((q) => q.questionId === a.questionId);
      return [
        a.questionId,
        question?.question ?? a.questionId,
        answerText(question, a),
        a.updatedAt.toISOString(),
        a.definitionVersion,
      ];
    });
    add(
      `answers/${kit?.sampleIdentifier ?? kitId}-${surveyType}.csv`,
      csv([['question_id', 'question', 'answer', 'answered_at', 'questionnaire_version'], ...rows]),
    );
    const latest = sorted.reduce((m, a) => (a.updatedAt > m ? a.updatedAt : m), new Date(0));
    const first = sorted[0];
    questionnaires.push({
      kitId: Number(kitId),
      surveyType,
      version: first?.definitionVersion ?? 1,
      title: (first && definitionOf(first)?.title) ?? surveyType,
      authored: latest.toISOString(),
      items: sorted
        .map((a) => {
          const question = definitionOf(a)?.questions.find((q) => q.questionId === a.questionId);
          return {
            linkId: a.questionId,
            text: question?.question ?? a.questionId,
            answer: fhirAnswer(question, a),
          };
        })
        .filter((item) => item.answer.length > 0),
    });
  }
  if (definitions.size) {
    const codebook: (string | number | null)[][] = [
      [
        'questionnaire',
        'version',
        'question_id',
        'question_number',
        'question',
        'answer_type',
        'option_id',
        'option',
      ],
    ];
    for (const d of definitions.values())
      for (const q of d.questions) {
        // One row an option; a question without options has one row, its option columns empty.
        const question = [
          d.surveyType,
          d.version,
          q.questionId,
          String(q.questionNumber),
          q.question,
          q.answerType,
        ];
        if (hasOptions(q.answerType)) for (const o of q.answers) codebook.push([...question, o.id, o.answer]);
        else codebook.push([...question, null, null]);
      }
    add('answers/codebook.csv', csv(codebook));
  }

  // reports/: the PDF, the lab's profile and the taxa table of each report the person may see.
  const fhirReports: FhirReport[] = [];
  if (reportsShown && !ctx.config.reportsUnavailable) {
    const shown = await listReports(ctx, userId);
    const journey = shown.length ? await getJourney(ctx, userId) : null;
    for (const r of shown) {
      const sample = r.sampleIdentifier;
      const [stored] = await db
        .select({ report: labResults.report, shape: labResults.reportShape, createdAt: labResults.createdAt })
        .from(labResults)
        .where(eq(labResults.kitId, r.kitId));
      const kit = kitRows.find((k) => k.kit.id === r.kitId)?.kit;
      if (!stored || !kit) continue;
      const report = await explainedReport(ctx, r.kitId, stored.report, stored.shape ?? 0);
      const pdf = new Uint8Array(await reportPdf(report, metaOf(ctx, user, kit), journey));
      const profile = await profileDownload(ctx, userId, sample);
      const taxa = await taxaCsvDownload(ctx, userId, sample);
      add(`reports/${sample}.pdf`, pdf);
      add(`reports/${profile.filename}`, profile.body);
      add(`reports/${taxa.filename}`, taxa.body);
      // Parsing checks the profile reads as the report did; the taxa table is made from the same text.
      parseMetaphlanProfile(profile.body);
      fhirReports.push({
        sampleIdentifier: sample,
        displayDate: r.displayDate || null,
        pdfPath: `reports/${sample}.pdf`,
        pdfSize: pdf.byteLength,
        createdAt: (stored.createdAt ?? now).toISOString(),
        report,
      });
    }
  }

  // fhir-bundle.json
  const fhirConsents: FhirConsent[] = consentRows.map((c) => ({
    id: c.id,
    title: c.title,
    version: c.version,
    consented: c.consented,
    withdrawal: c.withdrawal,
    at: c.at.toISOString(),
  }));
  add(
    'fhir-bundle.json',
    json(
      fhirBundle({
        person: {
          id: user.id,
          firstName: user.firstName,
          lastName: user.lastName,
          email: user.email,
          gender: user.gender,
          dateOfBirth: user.dateOfBirth,
          phoneNumber: user.phoneNumber,
          address: user.addressLine1
            ? {
                line: [user.addressLine1, ...(user.addressLine2 ? [user.addressLine2] : [])],
                city: user.suburb,
                state: user.state,
                postalCode: user.postcode,
                country: user.country,
              }
            : null,
        },
        reports: fhirReports,
        questionnaires,
        consents: fhirConsents,
        generatedAt: now.toISOString(),
      }),
    ),
  );

  // access-log.csv: every support view of the account (the audit of support views).
  const views = await db
    .select({
      at: impersonationAudit.at,
      method: impersonationAudit.method,
      route: impersonationAudit.route,
      statusCode: impersonationAudit.statusCode,
      actorFirst: users.firstName,
      actorLast: users.lastName,
    })
    .from(impersonationAudit)
    .leftJoin(users, eq(users.id, impersonationAudit.actorId))
    .where(eq(impersonationAudit.subjectId, userId))
    .orderBy(asc(impersonationAudit.at), asc(impersonationAudit.id));
  add(
    'access-log.csv',
    csv([
      ['at', 'support_person', 'what', 'method', 'route', 'status', 'refused'],
      ...views.map((v) => [
        v.at.toISOString(),
        v.actorFirst ? `${v.actorFirst} ${v.actorLast}` : null,
        describeSupportRequest(v.method, v.route),
        v.method,
        v.route,
        v.statusCode,
        v.statusCode === null || v.statusCode >= 400 ? 'yes' : 'no',
      ]),
    ]),
  );

  add(
    'README.txt',
    readme(
      ctx.config.brandName,
      now,
      files.map((f) => f.path),
      reportsShown,
    ),
  );
  const manifest = {
    generatedAt: now.toISOString(),
    algorithm: 'SHA-256',
    files: files.map((f) => ({ path: f.path, size: f.bytes.byteLength, sha256: sha256(f.bytes) })),
  };
  add('manifest.json', json(manifest));
  return files;
}

function readme(brand: string, now: Date, paths: string[], reportsShown: boolean) {
  const has = (prefix: string) => paths.some((p) => p.startsWith(prefix));
  const lines = [
    `Your data from ${brand}`,
    `Made ${now.toISOString()} at your request.`,
    '',
    'What each file holds:',
    '',
    'profile.json       You: your details, every consent you answered (document, version, time and answer,',
    '                   withdrawals included), your email choices, your parental consent forms (not their',
    '                   images), your orders and subscriptions',
    '                   (prices, items and addresses; no card data: we never hold card numbers).',
    'kits.json          Every kit you hold, with its timeline, and the kits you gave to others.',
  ];
  if (has('answers/'))
    lines.push(
      'answers/<sample>-<questionnaire>.csv',
      '                   One file per questionnaire of each kit: the question text, your answer as text,',
      '                   when you gave it and the version of the questionnaire.',
      'answers/codebook.csv',
      '                   Every question of those questionnaires with its answer type and options.',
    );
  if (has('reports/'))
    lines.push(
      'reports/<sample>.pdf            Your report, as the portal shows it.',
      "reports/<sample>_metaphlan.txt  The lab's original MetaPhlAn profile of the sample, as imported.",
      'reports/<sample>_taxa.csv       Every taxon: rank, name, NCBI taxon id, relative abundance (%),',
      '                                percentile in the reference set where one exists (species).',
    );
  else if (!reportsShown)
    lines.push(
      'reports/           Not included: reports are shown to a person under 18 only after a parent or',
      '                   guardian has consented, and this export holds what the portal shows you.',
    );
  lines.push(
    'fhir-bundle.json   The same data in the HL7 FHIR R4 health-data standard: a Bundle (type collection)',
    '                   with a Patient (you), an Observation for each score of each report (value, unit,',
    '                   method), a QuestionnaireResponse for each questionnaire, a Consent for each consent',
    '                   answer and a DocumentReference for each report PDF. Other health apps can read it.',
    'access-log.csv     Every time our support staff viewed your account (read-only support view): when,',
    '                   who, what they looked at, and whether a change they tried was refused.',
    'manifest.json      Each file above with its size and SHA-256 checksum, to check nothing was changed.',
    '',
    'A parent or guardian account holds its dependant’s kits, answers and reports: they are all here.',
    'Questions about your data, or a correction: write to our support address (see docs/privacy.md).',
    '',
  );
  return lines.join('\r\n');
}

/** The ZIP of the export's files, and its SHA-256. */
export function zipExport(files: ExportFile[], now = new Date()) {
  const entries = Object.fromEntries(files.map((f) => [f.path, [f.bytes, { mtime: now }] as const]));
  const zip = zipSync(entries as never, { level: 6 });
  return { zip, sha256: sha256(zip) };
}
