import { Link } from 'react-router';
import { COACH_TEXTS } from '../../../components/coach/coach-texts.ts';
import { useConfig } from '../../../lib/config.ts';
import { REPORT_TEXTS } from '../report-texts.ts';

/**
 * Research §1: the coach call is booked "through the Coach tab with a Make Appointment button", and the
 * results email promises it. The research sidebar has no Coach entry (consumer §2), so the report
 * leads there; the customer portal's sidebar has one.
 */
export function ReportCoachLink() {
  if (useConfig().appType !== 'RESEARCH') return null;
  return (
    <p className="report-coach">
      {REPORT_TEXTS.coachIntro} <Link to="/coach">{COACH_TEXTS.title}</Link>
    </p>
  );
}
