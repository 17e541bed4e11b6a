import {
  canRequestReplacement,
  coachTileState,
  type Kit,
  kitStatusText,
  overallProgress,
  PROCESSING_COMPLETE,
  processingCompleteKept,
  questionnairesComplete,
  reportDelivered,
  withBrand,
} from '@portal/domain';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { kitAnchor } from '../../../components/kits/kit-card.tsx';
import { KitQuestionnaires } from '../../../components/kits/kit-questionnaires.tsx';
import { KITS_TEXTS } from '../../../components/kits/kit-texts.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useConfig } from '../../../lib/config.ts';
import { SURVEY_TEXTS } from '../survey-texts.ts';
import { ProgressBar } from './progress-bar.tsx';
import { ReportReceived } from './report-received.tsx';
import { SurveyRows } from './survey-rows.tsx';

// Made on first use: a page's first Intl formatter loads the locale's data, a third of a second of a
// throttled phone's CPU, which pages importing this module without formatting a date do not pay (decision 034).
let monthYear: Intl.DateTimeFormat | undefined;
const monthYearFormat = () =>
  (monthYear ??= new Intl.DateTimeFormat('en-AU', { month: 'long', year: 'numeric' }));

/** Research §2: a kit is shown by its name, else the month and year it was activated. */
export function kitTitle(kit: Kit): string {
  if (kit.name?.trim()) return kit.name.trim();
  const activated = kit.activatedDate ? new Date(kit.activatedDate) : null;
  return activated && !Number.isNaN(activated.getTime())
    ? monthYearFormat().format(activated)
    : `KIT-${kit.id}`;
}

/**
 * One kit on the questionnaires list: its status, overall progress, a row per questionnaire, the
 * report link once the report is delivered and, once the coach tile is shown and every questionnaire
 * is done, Make appointment, and after a replaceable failure the replacement order. The research
 * portal adds the report-received checkbox.
 */
export function KitSurveys({
  kit,
  research = false,
  highlighted = false,
  onRequestReplacement,
}: {
  kit: Kit;
  research?: boolean;
  /** Opened at this kit (?scrollingPosition=kit-{id}): highlighted a moment, its heading focused. */
  highlighted?: boolean;
  /** Orders a replacement kit, offered after a sample failure that allows one. */
  onRequestReplacement?: ((kit: Kit) => void) | undefined;
}) {
  const { brandName } = useConfig();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (highlighted) headingRef.current?.focus({ preventScroll: true });
  }, [highlighted]);
  const title = kitTitle(kit);
  const headingId = `survey-kit-${kit.id}`;
  const Heading = research ? 'h3' : 'h2';
  // Research §2 and §4: the row shows the kit's friendly status (REQUESTED is Packing, dispatched is
  // Sent), not the logistics-type labels of My Research. Results a project does not deliver read as
  // received, as on My Research.
  // Results a project keeps: the lab is done, and nothing more is said (issue 33).
  const status = processingCompleteKept(kit) ? PROCESSING_COMPLETE : kitStatusText(kit.kitStatus);
  const overall = overallProgress(kit.surveysStats);
  const complete = questionnairesComplete(kit.surveysStats);
  // Research §2: Make appointment "only when the coach is shown and progress is 100%", on both portals.
  const canBook = complete && coachTileState(kit, complete) !== null;
  const canView = reportDelivered(kit);
  const canReplace = onRequestReplacement !== undefined && canRequestReplacement(kit);

  return (
    <article
      id={kitAnchor(kit.id)}
      className={highlighted ? 'survey-kit kit-card-highlight' : 'survey-kit'}
      aria-labelledby={headingId}
    >
      <Heading id={headingId} ref={headingRef} tabIndex={-1}>
        {title}
      </Heading>
      <dl className="kit-facts">
        <div>
          <dt>{SURVEY_TEXTS.kitId}</dt>
          <dd>KIT-{kit.id}</dd>
        </div>
        <div>
          <dt>{SURVEY_TEXTS.status}</dt>
          <dd data-status={kit.kitStatus}>{withBrand(status, brandName)}</dd>
        </div>
      </dl>
      {kit.surveyResultId ? (
        <KitQuestionnaires kit={kit} />
      ) : (
        <>
          <ProgressBar
            label={SURVEY_TEXTS.overallLabel(title)}
            percent={overall.percent}
            text={SURVEY_TEXTS.overallText(
              overall.percent,
              overall.completedQuestions,
              overall.totalQuestions,
            )}
          />
          <SurveyRows kit={kit} kitLabel={title} />
        </>
      )}
      {research ? <ReportReceived kit={kit} /> : null}
      {canView || canBook || canReplace ? (
        <div className="form-actions">
          {canView ? (
            <Link className="button button-secondary" to={`/report/${kit.id}`}>
              {SURVEY_TEXTS.viewReport}
              <span className="visually-hidden"> {title}</span>
            </Link>
          ) : null}
          {canBook ? (
            <Link className="button button-primary" to="/coach">
              {SURVEY_TEXTS.makeAppointment}
              <span className="visually-hidden"> {title}</span>
            </Link>
          ) : null}
          {canReplace ? (
            <Button variant="secondary" onClick={() => onRequestReplacement(kit)}>
              {KITS_TEXTS.replacementOrder}
              <span className="visually-hidden"> {title}</span>
            </Button>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
