import {
  listedSurveyTypes,
  QUESTIONNAIRE_MESSAGES,
  QUESTIONNAIRE_ORDER,
  type StudySurveyType,
  type SurveyDefinition,
  type SurveyType,
  surveyTypeFromSlug,
} from '@portal/domain';
import { readDefinitionFiles } from '@portal/domain/questionnaire/definition-files';
import type { Db } from '../../db/client.ts';
import { type KitRow, type ProjectRow, surveyDefinitions } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';

/** The newest version of each questionnaire, which is what people answer. */
export type SurveyCatalog = Map<StudySurveyType, SurveyDefinition>;

let fileCatalog: {
  all: SurveyDefinition[];
  newest: Map<SurveyType, SurveyDefinition>;
  latest: SurveyCatalog;
} | null = null;

/** The definition files of packages/domain, read once. */
function catalogFromFiles() {
  if (!fileCatalog) {
    const all = readDefinitionFiles();
    const newest = new Map<SurveyType, SurveyDefinition>();
    for (const d of all) {
      const current = newest.get(d.surveyType);
      if (!current || current.version < d.version) newest.set(d.surveyType, d);
    }
    // The portal's questionnaires; the stool one is answered only inside a requisition form.
    const latest: SurveyCatalog = new Map();
    for (const type of QUESTIONNAIRE_ORDER) {
      const definition = newest.get(type);
      if (definition) latest.set(type, definition);
    }
    fileCatalog = { all, newest, latest };
  }
  return fileCatalog;
}

export const surveyCatalog = (): SurveyCatalog => catalogFromFiles().latest;

/** The newest version of any questionnaire, including those answered outside the portal (the stool one). */
export function latestDefinitionOf(type: SurveyType): SurveyDefinition | undefined {
  return catalogFromFiles().newest.get(type);
}

/** Stores every version in the database (idempotent), so stored answers keep the text they were given to. */
export async function loadDefinitions(db: Db) {
  const { all } = catalogFromFiles();
  for (const d of all)
    await db
      .insert(surveyDefinitions)
      .values({ surveyType: d.surveyType, version: d.version, definition: d })
      .onConflictDoNothing();
}

/** Accepts the URL slug ('medical-history') or the type ('MEDICAL_HISTORY'). */
export function resolveType(raw: string): StudySurveyType {
  const type =
    surveyTypeFromSlug(raw) ??
    (QUESTIONNAIRE_ORDER.includes(raw as StudySurveyType) ? (raw as StudySurveyType) : null);
  if (!type) throw notFound(QUESTIONNAIRE_MESSAGES.unknownType);
  return type;
}

export function getDefinition(raw: string): SurveyDefinition {
  const definition = surveyCatalog().get(resolveType(raw));
  if (!definition) throw notFound(QUESTIONNAIRE_MESSAGES.unknownType);
  return definition;
}

export type SurveyKit = Pick<KitRow, 'surveyResultId'>;
export type SurveyProject = Pick<
  ProjectRow,
  | 'exerciseSurveyEnabled'
  | 'foodSurveyEnabled'
  | 'medicalSurveyEnabled'
  | 'mentalSurveyEnabled'
  | 'samplingSurveyEnabled'
>;

/**
 * The kit's questionnaire types: those its project enables, in the fixed order, MENTAL left out for
 * under-age people; none for infant kits (their questionnaires live on the external infant site).
 */
export function kitSurveyTypes(kit: SurveyKit, project: SurveyProject, underAge: boolean): StudySurveyType[] {
  if (kit.surveyResultId) return [];
  return listedSurveyTypes(project, { underAge });
}

/** A date answer must not be in the future for anyone in Australia or New Zealand (up to UTC+14). */
export const answerClock = () => new Date(Date.now() + 14 * 3600 * 1000);
