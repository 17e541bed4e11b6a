import {
  type AnswersByQuestionId,
  groupQuestionsBySection,
  SUPPORT_VIEW_READ_ONLY,
  type SurveyDefinition,
  visibleQuestions,
} from '@portal/domain';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { QuestionCard } from '../../../components/questionnaire/question-card.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { UNSAVED_ANSWERS_TEXTS } from '../../../lib/unsaved-answers.ts';
import type { ServerProgress } from '../api.ts';
import { questionText } from '../question-text.ts';
import { SURVEY_TEXTS } from '../survey-texts.ts';
import { useQuestionnaire } from '../use-questionnaire.ts';
import { SupportFailure } from './support-failure.tsx';
import { SurveyHeader } from './survey-header.tsx';

/** Research §9: 'Save and next' shows saving for 1 s, then saved for 1 s before going back to the list. */
export const SIMULATED_SAVE_MS = 1000;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type SurveyFormProps = {
  kitId: number;
  slug: string;
  userId: string;
  /** A support view: every input is disabled, nothing is saved, no saving indicator shows. */
  readOnly: boolean;
  definition: SurveyDefinition;
  initial: AnswersByQuestionId;
  initialProgress: ServerProgress;
};

/**
 * The questionnaire once loaded: the questions shown by the skip and show rules for the answers as
 * they are now, grouped under their section headings, each saved on its own as it changes.
 */
export function SurveyForm(props: SurveyFormProps) {
  const { kitId, definition, readOnly } = props;
  const navigate = useNavigate();
  const questionnaire = useQuestionnaire(props);
  const [finishing, setFinishing] = useState<'saving' | 'saved' | null>(null);
  const [closing, setClosing] = useState(false);
  const left = useRef(false);
  useEffect(
    () => () => {
      left.current = true;
    },
    [],
  );

  const now = new Date();
  const { answers } = questionnaire;
  const sections = groupQuestionsBySection(definition, visibleQuestions(definition, answers));
  // The server's figure, stored with the last save: the browser does not compute its own.
  const { progress } = questionnaire;
  // Medical-history sections have no titles on screen (research §2); screen readers still get them.
  const headingClass = definition.surveyType === 'MEDICAL_HISTORY' ? 'visually-hidden' : undefined;

  async function saveAndNext() {
    if (finishing) return;
    setFinishing('saving');
    const [saved] = await Promise.all([questionnaire.flush(), wait(SIMULATED_SAVE_MS)]);
    if (left.current) return;
    if (!saved) return setFinishing(null);
    setFinishing('saved');
    await wait(SIMULATED_SAVE_MS);
    if (!left.current) navigate('/surveys');
  }

  async function saveAndClose() {
    if (readOnly) return navigate('/surveys');
    setClosing(true);
    const saved = await questionnaire.flush();
    if (left.current) return;
    setClosing(false);
    if (saved) navigate('/surveys');
  }

  return (
    <div className="survey-page">
      <SurveyHeader
        kitId={kitId}
        indicator={finishing ?? questionnaire.status}
        completed={progress.completedQuestions}
        total={progress.totalQuestions}
        closing={closing}
        onClose={saveAndClose}
        readOnly={readOnly}
      />
      {readOnly ? <Alert tone="info">{SUPPORT_VIEW_READ_ONLY}</Alert> : null}
      {questionnaire.ended ? <Alert tone="warning">{UNSAVED_ANSWERS_TEXTS.sessionEnded}</Alert> : null}
      {questionnaire.status === 'failed' && !finishing && !questionnaire.ended ? <SaveFailure /> : null}
      <h1>{definition.title}</h1>
      <p className="survey-estimate">{SURVEY_TEXTS.takes(definition.estimate)}</p>
      <p>{definition.description}</p>
      <details className="survey-how-to">
        <summary>{SURVEY_TEXTS.howTo}</summary>
        <p>{definition.howTo}</p>
      </details>
      <p className="survey-required-note">{SURVEY_TEXTS.requiredNote}</p>
      <ReadOnlyFrame readOnly={readOnly}>
        {sections.map((section) => (
          <section key={section.questions[0]?.questionId} className="survey-section">
            {section.heading ? <h2 className={headingClass}>{section.heading}</h2> : null}
            {section.questions.map((question) => (
              <QuestionCard
                key={question.questionId}
                question={question}
                text={questionText(definition.surveyType, question)}
                record={answers[question.questionId]}
                message={questionnaire.messageFor(question, now)}
                notice={
                  questionnaire.updatedElsewhere(question.questionId) ? SURVEY_TEXTS.updatedElsewhere : null
                }
                onChange={questionnaire.change}
                now={now}
              />
            ))}
          </section>
        ))}
        <div className="form-actions survey-actions">
          <Button busy={finishing !== null} onClick={saveAndNext}>
            {SURVEY_TEXTS.saveAndNext}
          </Button>
        </div>
      </ReadOnlyFrame>
    </div>
  );
}

/** In a support view the questions and their button sit in a disabled fieldset: nothing can change. */
function ReadOnlyFrame({ readOnly, children }: { readOnly: boolean; children: ReactNode }) {
  if (!readOnly) return <>{children}</>;
  return (
    <fieldset className="read-only-frame" disabled aria-label={SUPPORT_VIEW_READ_ONLY}>
      {children}
    </fieldset>
  );
}

const prefersReducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * 'Failed to save answers' (research §8), brought into view when it appears: the person is usually far
 * down the page when a save fails. Its scroll margin and the page's scroll padding keep its title clear
 * of the sticky headers.
 */
function SaveFailure() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'start', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  }, []);
  return (
    <div className="survey-failure" ref={ref}>
      <SupportFailure title={SURVEY_TEXTS.saveFailed} />
    </div>
  );
}
