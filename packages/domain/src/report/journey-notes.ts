/**
 * Questionnaire answers worth marking on a person's journey chart: things known to move the gut
 * microbiome around a sample. Question ids are stable across questionnaire versions.
 */
const NOTE_QUESTIONS = [
  { questionId: 'DOS_ANTIBIOTICS', when: 'true', note: 'Antibiotics in the last 3 months' },
  { questionId: 'STOOL_ANTIBIOTICS_3_MONTHS', when: 'true', note: 'Antibiotics in the last 3 months' },
  {
    questionId: 'DOS_DIET_TYPICAL',
    when: 'false',
    note: 'Ate differently from usual the day before sampling',
  },
  { questionId: 'FOOD_DIET_CHANGED', when: 'true', note: 'Diet changed a lot in the last 12 months' },
  { questionId: 'DOS_UNWELL', when: 'true', note: 'Unwell in the week before sampling' },
  { questionId: 'DOS_TRAVEL', when: 'true', note: 'Travelled abroad in the 4 weeks before sampling' },
] as const;

export const JOURNEY_NOTE_QUESTION_IDS: readonly string[] = [
  ...new Set(NOTE_QUESTIONS.map((q) => q.questionId)),
];

export type NoteAnswer = { questionId: string; answerString: string | null };

/** The notes a kit's answers call for, each once, in the order of the list above. */
export function journeyNotes(answers: readonly NoteAnswer[]): string[] {
  const given = new Map(answers.map((a) => [a.questionId, a.answerString?.trim()]));
  const notes = NOTE_QUESTIONS.filter((q) => given.get(q.questionId) === q.when).map((q) => q.note);
  return [...new Set(notes)];
}
