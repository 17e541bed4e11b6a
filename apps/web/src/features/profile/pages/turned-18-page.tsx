import { HANDOVER_PROMPT_TEXTS, messageResponseSchema } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useMyHandover } from '../../../app/handover-gate.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { apiRequest } from '../../../lib/api-client.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useSession } from '../../../lib/session.ts';

const T = HANDOVER_PROMPT_TEXTS;

/**
 * Shown at the first sign-in after the 18th birthday (issue 36 item 3). The young adult may start the
 * handover: a fresh link goes to the account's email (the API says why a link, not this session, is
 * the proof), and the link's page does the rest. A guardian is told the handover is their child's.
 * "Decide later" keeps the portal working.
 */
export function Turned18Page() {
  const handover = useMyHandover();
  const { actorId } = useSession();
  const start = useMutation({
    mutationFn: () =>
      apiRequest('/me/handover/link', { method: 'POST', auth: 'required' }, messageResponseSchema),
  });
  if (handover.isError)
    return (
      <>
        <h1>{T.title}</h1>
        <Alert tone="error">{errorText(handover.error)}</Alert>
      </>
    );
  if (!handover.data) return <Loading />;
  const open = handover.data.handover;
  if (!open)
    return (
      <>
        <h1>{T.title}</h1>
        <p>{T.none}</p>
        <Link to="/dashboard">{T.guardianContinue}</Link>
      </>
    );
  if (open.kind === 'GUARDIAN')
    return (
      <>
        <h1>{T.guardianTitle(open.firstName)}</h1>
        <p>{T.guardianNotice(open.firstName)}</p>
        <p>{T.guardianEnds}</p>
        <Link to="/dashboard">{T.guardianContinue}</Link>
      </>
    );
  return (
    <>
      <h1>{T.title}</h1>
      <p>{T.intro(open.firstName)}</p>
      <p>{T.results}</p>
      <p>{T.how}</p>
      {start.isSuccess ? <Alert tone="success">{start.data.message}</Alert> : null}
      {start.isError ? <Alert tone="error">{errorText(start.error)}</Alert> : null}
      <div className="form-actions">
        {start.isSuccess ? null : (
          <Button busy={start.isPending} disabled={!!actorId} onClick={() => start.mutate()}>
            {T.start}
          </Button>
        )}
        <Link to="/dashboard">{T.later}</Link>
      </div>
    </>
  );
}
