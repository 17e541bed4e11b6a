import { createHash } from 'node:crypto';
import type { BuildReport, MetricReading } from '@portal/domain/report';

/**
 * The export's `fhir-bundle.json`: a FHIR R4 Bundle of type `collection` (http://hl7.org/fhir/R4/bundle.html)
 * holding the person as a Patient, an Observation for each score of each report, a QuestionnaireResponse
 * for each questionnaire answered, a Consent for each consent answer and a DocumentReference for each
 * report PDF. Resources refer to one another by `urn:uuid:` full URLs, as a collection may. The export
 * test validates it against the official FHIR R4 JSON schema.
 */

export type FhirPerson = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  gender: string | null;
  dateOfBirth: string | null;
  phoneNumber: string | null;
  address: {
    line: string[];
    city: string | null;
    state: string | null;
    postalCode: string | null;
    country: string;
  } | null;
};
export type FhirReport = {
  sampleIdentifier: string;
  displayDate: string | null;
  pdfPath: string;
  pdfSize: number;
  createdAt: string;
  report: BuildReport;
};
export type FhirQuestionnaire = {
  kitId: number;
  surveyType: string;
  version: number;
  title: string;
  authored: string;
  items: { linkId: string; text: string; answer: FhirAnswer[] }[];
};
export type FhirAnswer =
  | { valueBoolean: boolean }
  | { valueString: string }
  | { valueCoding: { code: string; display: string } };
export type FhirConsent = {
  id: number;
  title: string;
  version: string;
  consented: boolean;
  /** A withdrawal of consent given earlier: an inactive Consent that denies from its time on. */
  withdrawal?: boolean;
  at: string;
  /** The ledger's document id and kind, who answered and through which page (issue 36). */
  consentId?: number;
  document?: string;
  guardian?: boolean;
  page?: string | null;
};

const SCORE_SYSTEM = 'urn:portal:microbiome-score';
const UCUM = 'http://unitsofmeasure.org';

/** The six scores: where each sits in the report, its name, unit (UCUM) and method. */
export const FHIR_SCORES = [
  {
    code: 'richness',
    name: 'Species richness',
    unit: { unit: 'species', code: '{species}' },
    method: 'Number of species with a relative abundance above zero in the MetaPhlAn profile',
    read: (r: BuildReport) => r.diversity.richness,
  },
  {
    code: 'shannon',
    name: 'Shannon diversity index',
    unit: { unit: '1', code: '1' },
    method: 'Shannon index (natural logarithm) of the MetaPhlAn species relative abundances',
    read: (r: BuildReport) => r.diversity.shannon,
  },
  {
    code: 'inverseSimpson',
    name: 'Inverse Simpson index',
    unit: { unit: '1', code: '1' },
    method: 'Inverse Simpson index of the MetaPhlAn species relative abundances',
    read: (r: BuildReport) => r.diversity.inverseSimpson,
  },
  {
    code: 'evenness',
    name: 'Pielou evenness',
    unit: { unit: '1', code: '1' },
    method: 'Pielou evenness: Shannon index divided by the natural logarithm of the species richness',
    read: (r: BuildReport) => r.diversity.evenness,
  },
  {
    code: 'gmwi2',
    name: 'Gut Microbiome Wellness Index 2 (GMWI2)',
    unit: { unit: '1', code: '1' },
    method: 'GMWI2 (Gupta et al. 2024): a weighted sum of species presence in the MetaPhlAn profile',
    read: (r: BuildReport) => r.indices.gmwi2,
  },
  {
    code: 'gmhi',
    name: 'Gut Microbiome Health Index (GMHI)',
    unit: { unit: '1', code: '1' },
    method: 'GMHI (Gupta et al. 2020): log ratio of health-prevalent to health-scarce species',
    read: (r: BuildReport) => r.indices.gmhi,
  },
] as const satisfies readonly {
  code: string;
  name: string;
  unit: { unit: string; code: string };
  method: string;
  read: (r: BuildReport) => MetricReading;
}[];

const GENDERS: Record<string, string> = { MALE: 'male', FEMALE: 'female', OTHER: 'other' };

/** A stable urn:uuid for a resource: a name-based (version 5 style) UUID of the person's id and a key. */
function urn(personId: string, key: string) {
  const h = createHash('sha1').update(`${personId}/${key}`).digest('hex');
  const variant = ((Number.parseInt(h[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `urn:uuid:${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export function fhirBundle(input: {
  person: FhirPerson;
  reports: FhirReport[];
  questionnaires: FhirQuestionnaire[];
  consents: FhirConsent[];
  generatedAt: string;
}) {
  const { person } = input;
  const patientUrl = `urn:uuid:${person.id}`;
  const subject = { reference: patientUrl };
  const entries: { fullUrl: string; resource: Record<string, unknown> }[] = [];

  entries.push({
    fullUrl: patientUrl,
    resource: {
      resourceType: 'Patient',
      identifier: [{ system: 'urn:portal:user', value: person.id }],
      name: [{ family: person.lastName, given: [person.firstName] }],
      telecom: [
        { system: 'email', value: person.email },
        ...(person.phoneNumber ? [{ system: 'phone', value: person.phoneNumber }] : []),
      ],
      ...(person.gender ? { gender: GENDERS[person.gender] ?? 'unknown' } : {}),
      ...(person.dateOfBirth ? { birthDate: person.dateOfBirth } : {}),
      ...(person.address
        ? {
            address: [
              {
                line: person.address.line,
                ...(person.address.city ? { city: person.address.city } : {}),
                ...(person.address.state ? { state: person.address.state } : {}),
                ...(person.address.postalCode ? { postalCode: person.address.postalCode } : {}),
                country: person.address.country,
              },
            ],
          }
        : {}),
    },
  });

  for (const r of input.reports) {
    const effective =
      r.displayDate && /^\d{4}-\d{2}-\d{2}$/.test(r.displayDate) ? r.displayDate : r.createdAt;
    for (const score of FHIR_SCORES) {
      const reading = score.read(r.report);
      entries.push({
        fullUrl: urn(person.id, `observation/${r.sampleIdentifier}/${score.code}`),
        resource: {
          resourceType: 'Observation',
          status: 'final',
          category: [
            {
              coding: [
                {
                  system: 'http://terminology.hl7.org/CodeSystem/observation-category',
                  code: 'laboratory',
                  display: 'Laboratory',
                },
              ],
            },
          ],
          code: {
            coding: [{ system: SCORE_SYSTEM, code: score.code, display: score.name }],
            text: score.name,
          },
          subject,
          effectiveDateTime: effective,
          identifier: [{ system: 'urn:portal:sample', value: r.sampleIdentifier }],
          method: { text: score.method },
          ...(reading.value === null || !Number.isFinite(reading.value)
            ? {
                dataAbsentReason: {
                  coding: [
                    {
                      system: 'http://terminology.hl7.org/CodeSystem/data-absent-reason',
                      code: 'not-applicable',
                    },
                  ],
                },
              }
            : { valueQuantity: { value: reading.value, ...score.unit, system: UCUM } }),
          ...(reading.percentile !== null && reading.percentile !== undefined
            ? {
                note: [
                  {
                    text: `Percentile in the reference set (${r.report.reference.name}): ${reading.percentile}`,
                  },
                ],
              }
            : {}),
        },
      });
    }
    entries.push({
      fullUrl: urn(person.id, `document/${r.sampleIdentifier}`),
      resource: {
        resourceType: 'DocumentReference',
        status: 'current',
        type: { text: 'Gut microbiome report' },
        subject,
        date: r.createdAt,
        description: `Microbiome report of sample ${r.sampleIdentifier}`,
        content: [
          {
            attachment: {
              contentType: 'application/pdf',
              url: r.pdfPath,
              size: r.pdfSize,
              title: `Report ${r.sampleIdentifier}`,
            },
          },
        ],
      },
    });
  }

  for (const q of input.questionnaires) {
    entries.push({
      fullUrl: urn(person.id, `questionnaire/${q.kitId}/${q.surveyType}`),
      resource: {
        resourceType: 'QuestionnaireResponse',
        status: 'completed',
        questionnaire: `urn:portal:questionnaire:${q.surveyType}|${q.version}`,
        subject,
        authored: q.authored,
        identifier: { system: 'urn:portal:kit', value: String(q.kitId) },
        item: q.items.map((item) => ({ linkId: item.linkId, text: item.text, answer: item.answer })),
      },
    });
  }

  for (const c of input.consents) {
    entries.push({
      fullUrl: urn(person.id, `consent/${c.id}`),
      resource: {
        resourceType: 'Consent',
        status: c.withdrawal ? 'inactive' : 'active',
        scope: {
          coding: [
            {
              system: 'http://terminology.hl7.org/CodeSystem/consentscope',
              code: 'research',
              display: 'Research',
            },
          ],
        },
        category: [{ coding: [{ system: 'http://loinc.org', code: '59284-0', display: 'Patient Consent' }] }],
        patient: subject,
        dateTime: c.at,
        policyRule: { text: `${c.title}, version ${c.version}` },
        ...(c.consentId === undefined
          ? {}
          : { policy: [{ uri: `urn:portal:document:${c.consentId}:${encodeURIComponent(c.version)}` }] }),
        // Given by the guardian for a child: the guardian, as a related person, is who consented.
        ...(c.guardian ? { performer: [{ display: 'Parent or guardian' }] } : {}),
        ...(c.page ? { extension: [{ url: 'urn:portal:consent-page', valueString: c.page }] } : {}),
        provision: { type: c.consented ? 'permit' : 'deny' },
      },
    });
  }

  return {
    resourceType: 'Bundle',
    type: 'collection',
    timestamp: input.generatedAt,
    entry: entries,
  };
}
