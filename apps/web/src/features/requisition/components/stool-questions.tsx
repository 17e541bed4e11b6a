import {
  type AnswersByQuestionId,
  groupQuestionsBySection,
  type SurveyDefinition,
  type SurveyQuestion,
  unansweredCompulsory,
  visibleQuestions,
} from '@portal/domain';
import { type Ref, useImperativeHandle } from 'react';
import { QuestionCard } from '../../../components/questionnaire/question-card.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { REQUISITION_TEXTS } from '../requisition-texts.ts';
import { useStoolQuestionnaire } from '../use-stool-questionnaire.ts';

export type StoolSetup = {
  result: { surveyResultId: string; token: string };
  definition: SurveyDefinition;
  initial: AnswersByQuestionId;
};

/** What the requisition form asks of the questionnaire when it is submitted. */
export type StoolHandle = {
  /** Saves what is waiting, then lists the compulsory questions still unanswered. */
  unanswered: () => Promise<SurveyQuestion[]>;
};

type StoolQuestionsProps = {
  setup: StoolSetup;
  /** Compulsory questions left unanswered when the form was last submitted. */
  missing: { title: string; intro: string; questions: SurveyQuestion[] } | null;
  ref: Ref<StoolHandle>;
};

/** The stool kit's questionnaire (survey 19) inside the requisition form; answers save as they change. */
export function StoolQuestions({ setup, missing, ref }: StoolQuestionsProps) {
  const { definition } = setup;
  const questionnaire = useStoolQuestionnaire(setup);
  useImperativeHandle(ref, () => ({
    unanswered: async () => {
      await questionnaire.flush();
      return unansweredCompulsory(definition, questionnaire.current(), new Date());
    },
  }));
  const now = new Date();
  const sections = groupQuestionsBySection(definition, visibleQuestions(definition, questionnaire.answers));
  return (
    <section className="requisition-section" aria-labelledby="stool-questionnaire-heading">
      <h2 id="stool-questionnaire-heading">{REQUISITION_TEXTS.questionnaireSection}</h2>
      <p>{definition.description}</p>
      <p>{definition.howTo}</p>
      {missing ? (
        <Alert tone="error" title={missing.title}>
          <p>{missing.intro}</p>
          <ul>
            {missing.questions.map((q) => (
              <li key={q.questionId}>{q.question}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {sections.map((section) => (
        <div key={section.questions[0]?.questionId} className="survey-section">
          {section.heading ? <h3>{section.heading}</h3> : null}
          {section.questions.map((question) => (
            <QuestionCard
              key={question.questionId}
              question={question}
              text={question.question}
              record={questionnaire.answers[question.questionId]}
              message={questionnaire.messageFor(question, now)}
              onChange={questionnaire.change}
              now={now}
            />
          ))}
        </div>
      ))}
    </section>
  );
}
