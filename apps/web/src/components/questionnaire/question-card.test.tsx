import { ANSWER_MESSAGES, type AnswerRecord, type SurveyQuestion } from '@portal/domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { QuestionCard } from './question-card.tsx';
import { QUESTION_TEXTS } from './question-texts.ts';

const SAMPLED_ON: SurveyQuestion = {
  id: 1,
  questionId: 'SAMPLE_DATE',
  question: 'On which day did you take the sample?',
  answerType: 'DATE',
  answers: [],
  questionNumber: 1,
  compulsory: true,
};

/** The card with its answer kept as the questionnaire keeps it; `records` sees every change. */
function DateCard({ initial, records }: { initial?: AnswerRecord; records: AnswerRecord[] }) {
  const [record, setRecord] = useState<AnswerRecord | undefined>(initial);
  const message =
    record?.answerString && !/^\d{4}-\d{2}-\d{2}$/.test(record.answerString)
      ? ANSWER_MESSAGES.invalidDate
      : null;
  return (
    <QuestionCard
      question={SAMPLED_ON}
      text={SAMPLED_ON.question}
      record={record}
      message={message}
      onChange={(next) => {
        records.push(next);
        setRecord(next);
      }}
      now={new Date('2026-03-20T10:00:00')}
    />
  );
}

describe('A date question', () => {
  it('shows and takes the date as DD/MM/YYYY whatever the browser locale, keeping YYYY-MM-DD', async () => {
    const records: AnswerRecord[] = [];
    render(
      <DateCard
        initial={{ questionId: 'SAMPLE_DATE', answers: [], answerString: '2026-03-01' }}
        records={records}
      />,
    );
    const input = screen.getByRole('textbox', { name: /On which day/ });
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveValue('01/03/2026');
    expect(input).toHaveAccessibleDescription(QUESTION_TEXTS.dateFormat);
    const user = userEvent.setup();
    await user.clear(input);
    await user.type(input, '15/02/2026');
    expect(records.at(-1)?.answerString).toBe('2026-02-15');
    expect(input).toHaveValue('15/02/2026');
  });

  it('says a date it cannot read must be DD/MM/YYYY', async () => {
    const records: AnswerRecord[] = [];
    render(<DateCard records={records} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /On which day/ }), '31/02/2026');
    expect(screen.getByText(QUESTION_TEXTS.invalidDate)).toBeVisible();
    expect(screen.queryByText(ANSWER_MESSAGES.invalidDate)).not.toBeInTheDocument();
  });
});
