import { ANSWER_MESSAGES, type AnswerRecord, type SurveyQuestion } from '@portal/domain';
import { AnswerInput } from './answer-input.tsx';
import { QUESTION_TEXTS } from './question-texts.ts';

type QuestionCardProps = {
  question: SurveyQuestion;
  /** The question as shown (medical-history questions in sentence case). */
  text: string;
  record: AnswerRecord | undefined;
  message: string | null;
  /** A word on the answer that is no fault of it, e.g. that another window changed it. */
  notice?: string | null;
  onChange: (record: AnswerRecord) => void;
  now: Date;
};

/** One question: a fieldset named by its number and text, its input, and why an answer was refused. */
export function QuestionCard({
  question,
  text,
  record,
  message: checked,
  notice,
  onChange,
  now,
}: QuestionCardProps) {
  // A date is typed as DD/MM/YYYY (the API's own message names the YYYY-MM-DD it stores).
  const message =
    question.answerType === 'DATE' && checked === ANSWER_MESSAGES.invalidDate
      ? QUESTION_TEXTS.invalidDate
      : checked;
  const legendId = `${question.questionId}-legend`;
  const messageId = `${question.questionId}-message`;
  const describedBy = message ? messageId : undefined;
  return (
    <fieldset
      className={message ? 'survey-question survey-question-invalid' : 'survey-question'}
      aria-describedby={describedBy}
      data-question-id={question.questionId}
    >
      <legend id={legendId}>
        <span className="survey-question-number">{question.questionNumber}.</span> {text}
        {question.compulsory ? (
          <>
            {' '}
            <span className="survey-required" aria-hidden="true">
              *
            </span>{' '}
            <span className="visually-hidden">{QUESTION_TEXTS.required}</span>
          </>
        ) : null}
      </legend>
      <AnswerInput
        question={question}
        record={record}
        onChange={onChange}
        labelledBy={legendId}
        describedBy={describedBy}
        now={now}
      />
      <div aria-live="polite">
        {message ? (
          <p id={messageId} className="field-error">
            {message}
          </p>
        ) : null}
        {notice && !message ? <p className="field-hint survey-question-notice">{notice}</p> : null}
      </div>
    </fieldset>
  );
}
