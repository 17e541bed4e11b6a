import { CLOSURE_TEXTS, type Closure, closureSchema } from '@portal/domain';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Stepper } from '../../../components/ui/stepper.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useHydrated } from '../../../lib/hydration.ts';
import { endClosedSession, useClosureProgress } from '../closure-api.ts';

const T = CLOSURE_TEXTS;

/** The request the profile's form handed over in the history state (it survives a reload). */
function handedOver(state: unknown): Closure | null {
  const parsed = closureSchema.safeParse((state as { closure?: unknown } | null)?.closure);
  return parsed.success ? parsed.data : null;
}

/**
 * `/account-closed` (issue 23): where a person lands, signed out, after asking to close their account.
 * It follows the request's timeline (received, then processed) with the closing session's token, which
 * the server still accepts for this one read.
 */
export function AccountClosedPage() {
  const hydrated = useHydrated();
  const location = useLocation();
  const { closure, lost } = useClosureProgress(hydrated ? handedOver(location.state) : null);
  useEffect(endClosedSession, []);
  if (!closure)
    return (
      <div className="auth-card account-closed">
        <h1>{T.sectionTitle}</h1>
        <p>{T.followLost}</p>
        <p>
          <Link to="/login">{T.home}</Link>
        </p>
      </div>
    );
  const done = closure.state === 'PROCESSED';
  const steps = [
    T.receivedAt(formatDateTime(closure.receivedAt)),
    closure.processedAt ? T.processedAt(formatDateTime(closure.processedAt)) : T.steps[1],
  ];
  return (
    <div className="auth-card account-closed">
      <h1>{done ? T.pageTitleClosed : T.pageTitleProcessing}</h1>
      <Stepper steps={steps} current={done ? 2 : 1} label={T.timelineLabel} />
      {done ? (
        <Alert tone="success">{T.closedDone}</Alert>
      ) : (
        <>
          <p role="status" aria-live="polite">
            {lost ? T.followLost : T.processing}
          </p>
          <p>{T.signedOut}</p>
        </>
      )}
      <p>
        <Link to="/login">{T.home}</Link>
      </p>
    </div>
  );
}
