import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { useReportList } from '../api.ts';
import { JourneySection } from '../components/journey-section.tsx';
import { JOURNEY_TEXTS } from '../journey-texts.ts';

/**
 * The Journey route (consumer §2, "Named route for the kit journey and comparison"): every report on one
 * journey, with the way to the two-sample comparison on the report page.
 */
export function JourneyPage() {
  const list = useReportList();
  const count = list.data?.length ?? 0;
  return (
    <>
      <h1>{JOURNEY_TEXTS.pageTitle}</h1>
      {list.isPending ? <Loading /> : null}
      {list.isError ? <Alert tone="error">{list.error.message}</Alert> : null}
      {list.isSuccess && count < 2 ? <p>{JOURNEY_TEXTS.tooFew}</p> : null}
      <p>
        <Link to="/reports">{JOURNEY_TEXTS.toReports}</Link>
      </p>
      <JourneySection enabled={count > 1} />
    </>
  );
}
