import { ERROR_CODES, type ReportListItem } from '@portal/domain';
import { useDeferredValue } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { KEEP_SCROLL } from '../../../lib/scroll-restoration.ts';
import { useComparison, useReport, useReportList } from '../api.ts';
import { AtAGlance } from '../components/at-a-glance.tsx';
import { ComparisonSection } from '../components/comparison-section.tsx';
import { CompositionSection } from '../components/composition-section.tsx';
import { DiversitySection } from '../components/diversity-section.tsx';
import { ReportIllustration } from '../components/empty-illustration.tsx';
import { HowCalculated } from '../components/how-calculated.tsx';
import { IncompatibleDialog } from '../components/incompatible-dialog.tsx';
import { IndicesSection } from '../components/indices-section.tsx';
import { JourneySection } from '../components/journey-section.tsx';
import { NotableTaxa } from '../components/notable-taxa.tsx';
import { ProtocolSection } from '../components/protocol-section.tsx';
import { ReportActions } from '../components/report-actions.tsx';
import { ReportCoachLink } from '../components/report-coach-link.tsx';
import { ReportMaintenance } from '../components/report-maintenance.tsx';
import { SampleSelect } from '../components/sample-select.tsx';
import { useIsMobile } from '../components/use-is-mobile.ts';
import { useStaged } from '../components/use-staged.ts';
import { formatDisplayDate } from '../report-format.ts';
import {
  laterReports,
  missingReports,
  requestedSamples,
  type Selection,
  samplesQuery,
  selectReports,
} from '../report-selection.ts';
import { notableTaxaOf } from '../report-taxa.ts';
import { REPORT_TEXTS } from '../report-texts.ts';

const REPORT_NOT_PERMITTED_CODE = 'REPORT_NOT_PERMITTED';

/** A refused or failed report call: the maintenance screen, the kits page's permission text, or the message. */
function ReportFailure({ error }: { error: Error }) {
  if (error instanceof ApiError && error.status === 503 && error.code === ERROR_CODES.unavailable)
    return <ReportMaintenance message={error.message} />;
  if (error instanceof ApiError && error.code === REPORT_NOT_PERMITTED_CODE)
    return <Navigate to="/kits/notAllowed" replace />;
  return <Alert tone="error">{error.message}</Alert>;
}

const isUnavailable = (error: Error | null) =>
  error instanceof ApiError && (error.status === 503 || error.code === REPORT_NOT_PERMITTED_CODE);

const option = (item: ReportListItem) => ({
  value: item.sampleIdentifier,
  name: item.name,
  displayDate: item.displayDate,
});

const labelOf = (item: ReportListItem) =>
  REPORT_TEXTS.reportHeading(item.name, formatDisplayDate(item.displayDate));

/**
 * Reports (/reports, /report?samples=, /report/:kitId): the primary (earlier) report, compared with a
 * secondary (later) one when chosen, and the PDF. The choice lives in the query, so links and reloads keep it.
 */
export function ReportsPage() {
  const params = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const list = useReportList();
  const items = list.data ?? [];
  const kitId = params.kitId === undefined ? undefined : Number(params.kitId);
  const samples = requestedSamples(searchParams);
  const { primary, secondary } = selectReports(items, samples, kitId);
  const missing = list.isSuccess ? missingReports(items, samples, kitId) : [];
  const primaryReport = useReport(primary?.sampleIdentifier ?? null);
  const secondaryReport = useReport(secondary?.sampleIdentifier ?? null);
  const comparison = useComparison(primary?.sampleIdentifier ?? null, secondary?.sampleIdentifier ?? null);
  const isMobile = useIsMobile();
  // The report's summary paints as soon as the report arrives; the sections under it follow in a second
  // render that React breaks off every few milliseconds for the browser, so a phone is not held for the
  // whole report in one task (decision 068). Until then they are not drawn (never another report's).
  // A report already read when the page first draws (a page the server drew, decision 073, or one read
  // before) starts without them too: the server draws only the summary, and the browser's first render
  // then matches it.
  // (React reads an undefined first value as none given, hence null.)
  const shownReport = primaryReport.data ?? null;
  const deferredReport = useDeferredValue(shownReport, null);
  const sectionsReport = deferredReport === shownReport ? deferredReport?.report : undefined;

  const comparisonData = comparison.data;
  const comparable = comparisonData?.comparable === true ? comparisonData : null;
  // The sections under the summary, in order. They are drawn one after another, each after the one
  // before has painted, so no single task lays out the whole report (issue 37, decision 075).
  const sections =
    primary && sectionsReport
      ? [
          secondary && comparable ? (
            <ComparisonSection
              key="comparison"
              earlier={{ label: labelOf(primary), report: sectionsReport }}
              later={{ label: labelOf(secondary), report: secondaryReport.data?.report }}
              comparison={comparable}
            />
          ) : null,
          secondary && comparison.isPending ? <Loading key="comparison-loading" /> : null,
          comparison.isError ? <ReportFailure key="comparison-error" error={comparison.error} /> : null,
          <DiversitySection key="diversity" report={sectionsReport} />,
          <IndicesSection key="indices" report={sectionsReport} />,
          <CompositionSection
            key="composition"
            report={sectionsReport}
            bars={[
              { label: labelOf(primary), entries: sectionsReport.composition.phylum },
              ...(secondary && comparable && secondaryReport.data
                ? [{ label: labelOf(secondary), entries: secondaryReport.data.report.composition.phylum }]
                : []),
            ]}
          />,
          <NotableTaxa key="notable" taxa={notableTaxaOf(sectionsReport)} />,
          <HowCalculated key="how" report={sectionsReport} />,
          <ProtocolSection key="protocol" report={sectionsReport} />,
          // Last, so its arrival (its own call) moves nothing already on the screen.
          <JourneySection key="journey" enabled={items.length > 1} />,
        ].filter((section) => section !== null)
      : [];
  const stagedCount = useStaged(sections.length, sections.length > 0);

  function select(next: Selection) {
    navigate(
      { pathname: params.kitId === undefined ? location.pathname : '/report', search: samplesQuery(next) },
      { replace: true, state: KEEP_SCROLL },
    );
  }

  // A 503 or a refusal on any call stands for the whole page.
  const blocking = [list.error, primaryReport.error, secondaryReport.error, comparison.error].find(
    isUnavailable,
  );
  if (blocking) return <ReportFailure error={blocking} />;
  if (list.isPending)
    return (
      <>
        <h1>{REPORT_TEXTS.title}</h1>
        <Loading />
      </>
    );
  if (list.isError)
    return (
      <>
        <h1>{REPORT_TEXTS.title}</h1>
        <ReportFailure error={list.error} />
      </>
    );

  const later = laterReports(items, primary);

  // On a phone the report opens on its summary and first score, then the pickers and the actions'
  // one menu (issue 33 item 19); elsewhere the pickers and actions come first, as before.
  const summaryFirst = isMobile && primary !== null && primaryReport.data !== undefined;
  const reportHead = (report: NonNullable<typeof primaryReport.data>['report']) =>
    primary ? (
      <>
        <h2 className="report-heading">{labelOf(primary)}</h2>
        <p className="report-meta">{REPORT_TEXTS.sampleLine(primary.sampleIdentifier, report.version)}</p>
        <AtAGlance summary={report.summary} />
      </>
    ) : null;

  const notFound =
    missing.length > 0 ? (
      <Alert tone="error" title={REPORT_TEXTS.notFoundTitle}>
        {REPORT_TEXTS.notFound(missing.join(', '))}
      </Alert>
    ) : null;
  // On a phone the pickers and actions wait for the summary they follow: drawn before it, its arrival
  // pushed them off the screen (a layout shift of 0.19 on a 412 × 823 screen, decision 068).
  if (isMobile && primary !== null && primaryReport.isPending)
    return (
      <>
        <h1>{REPORT_TEXTS.title}</h1>
        {notFound}
        <Loading />
      </>
    );

  return (
    <>
      <h1>{REPORT_TEXTS.title}</h1>
      {notFound}
      {summaryFirst && primaryReport.data ? (
        <div className="report-body">{reportHead(primaryReport.data.report)}</div>
      ) : null}
      {/* The pickers and the actions: first on a wide screen, after the summary on a phone. */}
      {items.length === 0 ? (
        <EmptyState
          className="report-empty"
          illustration={<ReportIllustration />}
          action={
            <Link className="button button-secondary" to="/kits">
              {REPORT_TEXTS.emptyAction}
            </Link>
          }
        >
          <p>{REPORT_TEXTS.empty}</p>
        </EmptyState>
      ) : (
        <fieldset className="report-selectors">
          <legend className="visually-hidden">{REPORT_TEXTS.selectors}</legend>
          <SampleSelect
            label={REPORT_TEXTS.primaryLabel}
            placeholder={REPORT_TEXTS.choose}
            options={items.map(option)}
            value={primary?.sampleIdentifier ?? null}
            onChange={(sample) => {
              const next = items.find((item) => item.sampleIdentifier === sample) ?? null;
              const keep = secondary && next && laterReports(items, next).includes(secondary);
              select({ primary: next, secondary: keep ? secondary : null });
            }}
          />
          {primary && later.length > 0 ? (
            <SampleSelect
              label={REPORT_TEXTS.secondaryLabel}
              placeholder={REPORT_TEXTS.noComparison}
              clearLabel={REPORT_TEXTS.noComparison}
              options={later.map(option)}
              value={secondary?.sampleIdentifier ?? null}
              onChange={(sample) =>
                select({ primary, secondary: later.find((item) => item.sampleIdentifier === sample) ?? null })
              }
            />
          ) : null}
          {primary && later.length === 0 ? (
            <p className="report-hint">{REPORT_TEXTS.noLaterReports}</p>
          ) : null}
        </fieldset>
      )}
      {items.length > 0 && !primary ? (
        <EmptyState className="report-not-selected" illustration={<ReportIllustration />}>
          <p>{REPORT_TEXTS.notSelected}</p>
        </EmptyState>
      ) : null}
      <ReportActions
        primary={primary?.sampleIdentifier ?? null}
        secondary={comparable ? (secondary?.sampleIdentifier ?? null) : null}
        asMenu={isMobile}
      />
      {primary ? <ReportCoachLink /> : null}
      {primary ? (
        primaryReport.isPending ? (
          <Loading />
        ) : primaryReport.isError ? (
          <ReportFailure error={primaryReport.error} />
        ) : (
          <div className="report-body">
            {summaryFirst ? null : reportHead(primaryReport.data.report)}
            {sections.slice(0, stagedCount)}
          </div>
        )
      ) : null}
      <IncompatibleDialog
        open={secondary !== null && comparisonData?.comparable === false}
        code={comparisonData?.comparable === false ? comparisonData.code : ''}
        onClose={() => select({ primary, secondary: null })}
      />
    </>
  );
}
