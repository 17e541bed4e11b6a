import { RECRUITMENT_MESSAGES } from '@portal/domain';
import { type ReactNode, useRef } from 'react';
import { useLocation } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { tokenFromSearch } from '../../../lib/query-token.ts';
import { useUnsubscribe, useUnsubscribeInfo } from '../api.ts';
import { RECRUITMENT_TEXTS } from '../recruitment-texts.ts';
import { isDecodableToken } from '../unsubscribe-token.ts';

/** The emailed link `/unsubscribe?token=`: no more news of the research project for this candidate. */
export function UnsubscribePage() {
  const found = tokenFromSearch(useLocation().search);
  const token = found && isDecodableToken(found) ? found : null;
  const info = useUnsubscribeInfo(token);
  const unsubscribe = useUnsubscribe();
  // A double click lands both clicks before the busy button re-renders disabled: one request is sent.
  const sending = useRef(false);
  function send(value: string) {
    if (sending.current) return;
    sending.current = true;
    unsubscribe.mutate(value, {
      onSettled: () => {
        sending.current = false;
      },
    });
  }

  if (token === null) {
    return (
      <UnsubscribeCard heading={RECRUITMENT_TEXTS.unsubscribeHeading}>
        <Alert tone="error">{RECRUITMENT_MESSAGES.missingToken}</Alert>
      </UnsubscribeCard>
    );
  }
  // Research §8: whatever the server refuses comes back under this title, with its own words.
  const failure = info.error ?? unsubscribe.error;
  if (failure) {
    return (
      <UnsubscribeCard heading={RECRUITMENT_MESSAGES.unsubscribeErrorTitle}>
        <Alert tone="error">{failure.message}</Alert>
      </UnsubscribeCard>
    );
  }
  const person = info.data;
  if (!person) return <Loading />;
  return (
    <UnsubscribeCard heading={RECRUITMENT_TEXTS.unsubscribeHeading}>
      <p>{RECRUITMENT_TEXTS.greeting(person.firstName)}</p>
      {unsubscribe.isSuccess ? (
        <Alert tone="success">{RECRUITMENT_MESSAGES.unsubscribed}</Alert>
      ) : person.unsubscribed ? (
        <Alert tone="info">{RECRUITMENT_TEXTS.alreadyUnsubscribed}</Alert>
      ) : (
        <>
          <p>{RECRUITMENT_TEXTS.unsubscribeQuestion}</p>
          <div className="form-actions">
            <Button busy={unsubscribe.isPending} onClick={() => send(token)}>
              Unsubscribe
            </Button>
          </div>
        </>
      )}
    </UnsubscribeCard>
  );
}

function UnsubscribeCard({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <div className="auth-card">
      <h1>{heading}</h1>
      {children}
    </div>
  );
}
