import {
  type AnswerRecord,
  formatDisplayDate,
  isNumberLike,
  parseDisplayDate,
  type SurveyQuestion,
  TEXT_ANSWER_MAX_LENGTH,
} from '@portal/domain';
import type { KeyboardEvent } from 'react';
import { QUESTION_TEXTS } from './question-texts.ts';

export type AnswerInputProps = {
  question: SurveyQuestion;
  record: AnswerRecord | undefined;
  onChange: (record: AnswerRecord) => void;
  /** The legend's id: single inputs are named by the question. */
  labelledBy: string;
  /** The message's id while the card shows one. */
  describedBy: string | undefined;
  now: Date;
};

const textAnswer = (question: SurveyQuestion, answerString: string): AnswerRecord => ({
  questionId: question.questionId,
  answers: [],
  answerString,
});
const optionAnswer = (question: SurveyQuestion, answers: number[]): AnswerRecord => ({
  questionId: question.questionId,
  answers,
  answerString: null,
});

/** The input of one question, by its answer type (research §5 "Answers"). */
export function AnswerInput(props: AnswerInputProps) {
  const { question } = props;
  if (question.answerType === 'BOOLEAN') return <YesNoInput {...props} />;
  if (question.answerType === 'SINGLE_OPTION' || question.answerType === 'MULTI_OPTION')
    return <OptionsInput {...props} />;
  if (isNumberLike(question.answerType)) return <NumberInput {...props} />;
  if (question.answerType === 'DATE') return <DateInput {...props} />;
  return <TextInput {...props} />;
}

function YesNoInput({ question, record, onChange }: AnswerInputProps) {
  const choices = [
    ['true', QUESTION_TEXTS.yes],
    ['false', QUESTION_TEXTS.no],
  ] as const;
  return (
    <div className="survey-options">
      {choices.map(([value, label]) => (
        <label key={value} className="choice">
          <input
            type="radio"
            name={question.questionId}
            value={value}
            checked={record?.answerString === value}
            onChange={() => onChange(textAnswer(question, value))}
          />
          <span>{label}</span>
        </label>
      ))}
    </div>
  );
}

function OptionsInput({ question, record, onChange }: AnswerInputProps) {
  const chosen = record?.answers ?? [];
  const multiple = question.answerType === 'MULTI_OPTION';
  function toggle(id: number) {
    if (!multiple) return onChange(optionAnswer(question, [id]));
    const next = chosen.includes(id) ? chosen.filter((c) => c !== id) : [...chosen, id];
    onChange(optionAnswer(question, next));
  }
  return (
    <div className="survey-options">
      {question.answers.map((option) => (
        <label key={option.id} className="choice">
          <input
            type={multiple ? 'checkbox' : 'radio'}
            name={question.questionId}
            value={option.id}
            checked={chosen.includes(option.id)}
            onChange={() => toggle(option.id)}
          />
          <span>{option.answer}</span>
        </label>
      ))}
    </div>
  );
}

/** Research §5: input minimum 0, and minus does nothing below 0. */
function ignoreMinus(event: KeyboardEvent<HTMLInputElement>) {
  if (event.key === '-' || event.key === 'Subtract') event.preventDefault();
}

function NumberInput({ question, record, onChange, labelledBy, describedBy }: AnswerInputProps) {
  const unit = QUESTION_TEXTS.units[question.answerType];
  const unitId = `${question.questionId}-unit`;
  const whole = question.answerType !== 'NUMBER';
  return (
    <div className="survey-number">
      <input
        id={`${question.questionId}-input`}
        type="number"
        min={0}
        step={whole ? 1 : 'any'}
        inputMode={whole ? 'numeric' : 'decimal'}
        value={record?.answerString ?? ''}
        aria-labelledby={unit ? `${labelledBy} ${unitId}` : labelledBy}
        aria-describedby={describedBy}
        aria-invalid={describedBy ? true : undefined}
        onKeyDown={ignoreMinus}
        onChange={(event) => onChange(textAnswer(question, event.target.value))}
      />
      {unit ? (
        <span id={unitId} className="survey-unit">
          {unit}
        </span>
      ) : null}
    </div>
  );
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A date typed as DD/MM/YYYY, as every date of the portal is, whatever the browser's locale (a native
 * date input follows it). A complete date is kept as YYYY-MM-DD (research §5); anything else is kept as
 * typed, so the card says what is wrong with it.
 */
function DateInput({ question, record, onChange, labelledBy, describedBy }: AnswerInputProps) {
  const stored = record?.answerString ?? '';
  const hintId = `${question.questionId}-format`;
  return (
    <div className="survey-date-field">
      <input
        id={`${question.questionId}-input`}
        className="survey-date"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        maxLength={10}
        value={ISO_DAY.test(stored) ? formatDisplayDate(stored) : stored}
        aria-labelledby={labelledBy}
        aria-describedby={[hintId, describedBy].filter(Boolean).join(' ')}
        aria-invalid={describedBy ? true : undefined}
        onChange={(event) => {
          const typed = event.target.value;
          onChange(textAnswer(question, parseDisplayDate(typed) ?? typed));
        }}
      />
      <span id={hintId} className="field-hint">
        {QUESTION_TEXTS.dateFormat}
      </span>
    </div>
  );
}

function TextInput({ question, record, onChange, labelledBy, describedBy }: AnswerInputProps) {
  return (
    <textarea
      id={`${question.questionId}-input`}
      className="survey-text"
      rows={3}
      maxLength={TEXT_ANSWER_MAX_LENGTH}
      value={record?.answerString ?? ''}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-invalid={describedBy ? true : undefined}
      onChange={(event) => onChange(textAnswer(question, event.target.value))}
    />
  );
}
