import { hasOptions, type SurveyDefinition, type SurveyType } from '@portal/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { surveyAnswers, surveyDefinitions } from '../../db/schema/index.ts';
import { latestDefinitionOf } from '../surveys/index.ts';
import { csv, type ExportFile, exportFile } from './export-format.ts';
import type { ExportKit } from './export-kits.ts';
import type { FhirQuestionnaire } from './fhir.ts';

type Answer = typeof surveyAnswers.$inferSelect;
type Question = SurveyDefinition['questions'][number];

/** The text of a saved answer: option texts for option questions, Yes/No for yes-no questions. */
function answerText(question: Question | undefined, answer: Answer): string {
  if (question && hasOptions(question.answerType))
    return answer.answers
      .map((id) => question.answers.find((o) => o.id === id)?.answer ?? `option ${id}`)
      .join('; ');
  if (question?.answerType === 'BOOLEAN')
    return answer.answerString === 'true' ? 'Yes' : answer.answerString === 'false' ? 'No' : '';
  return answer.answerString ?? '';
}

/** A saved answer as FHIR answer items: codings for options, a boolean for yes-no, else its text. */
function fhirAnswer(question: Question | undefined, answer: Answer) {
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
 * answers/<kit>-<type>.csv and answers/codebook.csv: each questionnaire with the text it was answered
 * in. Also returns the questionnaires as the FHIR bundle states them.
 */
export async function answerFiles(db: Db, kitRows: ExportKit[]) {
  const kitIds = kitRows.map((k) => k.kit.id);
  const answers = kitIds.length
    ? await db
        .select()
        .from(surveyAnswers)
        .where(inArray(surveyAnswers.kitId, kitIds))
        .orderBy(asc(surveyAnswers.kitId), asc(surveyAnswers.surveyType))
    : [];
  const definitions = await definitionsOf(db, answers);
  const files: ExportFile[] = [];
  const questionnaires: FhirQuestionnaire[] = [];
  const groups = new Map<string, Answer[]>();
  for (const a of answers) {
    const key = `${a.kitId}|${a.surveyType}`;
    groups.set(key, [...(groups.get(key) ?? []), a]);
  }
  for (const [key, group] of groups) {
    const [kitId, surveyType] = key.split('|') as [string, string];
    const kit = kitRows.find((k) => String(k.kit.id) === kitId)?.kit;
    const definitionOf = (a: Answer) => definitions.get(`${a.surveyType}|${a.definitionVersion}`);
    const questionOf = (a: Answer) => definitionOf(a)?.questions.find((q) => q.questionId === a.questionId);
    const order = (a: Answer) =>
      definitionOf(a)?.questions.findIndex((q) => q.questionId === a.questionId) ?? Number.MAX_SAFE_INTEGER;
    const sorted = [...group].sort((x, y) => order(x) - order(y));
    const rows = sorted.map((a) => [
      a.questionId,
      questionOf(a)?.question ?? a.questionId,
      answerText(questionOf(a), a),
      a.updatedAt.toISOString(),
      a.definitionVersion,
    ]);
    files.push(
      exportFile(
        `answers/${kit?.sampleIdentifier ?? kitId}-${surveyType}.csv`,
        csv([['question_id', 'question', 'answer', 'answered_at', 'questionnaire_version'], ...rows]),
      ),
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
        .map((a) => ({
          linkId: a.questionId,
          text: questionOf(a)?.question ?? a.questionId,
          answer: fhirAnswer(questionOf(a), a),
        }))
        .filter((item) => item.answer.length > 0),
    });
  }
  if (definitions.size) files.push(exportFile('answers/codebook.csv', csv(codebook(definitions.values()))));
  return { files, questionnaires };
}

/** The questionnaire definitions the answers were given in, by `type|version`. */
async function definitionsOf(db: Db, answers: Answer[]) {
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
  return definitions;
}

/** Every question of the definitions with its answer type and options: one row an option. */
function codebook(definitions: Iterable<SurveyDefinition>) {
  const rows: (string | number | null)[][] = [
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
  for (const d of definitions)
    for (const q of d.questions) {
      // A question without options has one row, its option columns empty.
      const question = [
        d.surveyType,
        d.version,
        q.questionId,
        String(q.questionNumber),
        q.question,
        q.answerType,
      ];
      if (hasOptions(q.answerType)) for (const o of q.answers) rows.push([...question, o.id, o.answer]);
      else rows.push([...question, null, null]);
    }
  return rows;
}
