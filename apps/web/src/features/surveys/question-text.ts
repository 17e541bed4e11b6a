import type { SurveyQuestion, SurveyType } from '@portal/domain';

const WORD = /[A-Za-z][A-Za-z'’]*/g;

/**
 * Sentence case: a capital first letter, every other word lower-case except acronyms (IBS) and the
 * pronoun I.
 */
export function toSentenceCase(text: string): string {
  // In text written all in capitals, a word in capitals is not an acronym.
  const shouted = !/[a-z]/.test(text);
  const lowered = text.replace(WORD, (word) =>
    (!shouted && /^[A-Z]{2,}$/.test(word)) || /^I(['’]|$)/.test(word) ? word : word.toLowerCase(),
  );
  return lowered.replace(/[a-z]/, (first) => first.toUpperCase());
}

/** The text a question is shown with: medical-history questions in sentence case (research §2). */
export function questionText(surveyType: SurveyType, question: Pick<SurveyQuestion, 'question'>): string {
  return surveyType === 'MEDICAL_HISTORY' ? toSentenceCase(question.question) : question.question;
}
