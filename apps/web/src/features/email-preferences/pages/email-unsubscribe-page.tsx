import { EMAIL_CATEGORY_TEXT, EMAIL_PREFERENCES_TEXTS } from '@portal/domain';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { tokenFromSearch } from '../../../lib/query-token.ts';
import { useUnsubscribe, useUnsubscribeInfo } from '../api.ts';

const T = EMAIL_PREFERENCES_TEXTS;

/**
 * The unsubscribe link of a non-transactional email, `/email-unsubscribe?token=` (issue 23): no sign-in.
 * Opening it changes nothing (mail scanners open links); the person confirms with the button.
 */
export function EmailUnsubscribePage() {
  const token = tokenFromSearch(useLocation().search);
  const info = useUnsubscribeInfo(token);
  const unsubscribe = useUnsubscribe();

  if (token === null)
    return (
      <UnsubscribeCard>
        <Alert tone="error">{T.missingToken}</Alert>
      </UnsubscribeCard>
    );
  const failure = info.error ?? unsubscribe.error;
  if (failure)
    return (
      <UnsubscribeCard>
        <Alert tone="error">{errorText(failure)}</Alert>
        <p>
          <Link to="/login">Sign in</Link>
        </p>
      </UnsubscribeCard>
    );
  if (!info.data) return <Loading />;
  const label = EMAIL_CATEGORY_TEXT[info.data.category].label;
  return (
    <UnsubscribeCard>
      {unsubscribe.isSuccess ? (
        <Alert tone="success">{unsubscribe.data.message}</Alert>
      ) : !info.data.subscribed ? (
        <Alert tone="info">{T.pageAlready(label)}</Alert>
      ) : (
        <>
          <p>{T.pageQuestion(label)}</p>
          <p className="field-hint">{EMAIL_CATEGORY_TEXT[info.data.category].description}</p>
          <div className="form-actions">
            <Button busy={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
              {T.pageButton}
            </Button>
          </div>
        </>
      )}
    </UnsubscribeCard>
  );
}

function UnsubscribeCard({ children }: { children: ReactNode }) {
  return (
    <div className="auth-card">
      <h1>{T.pageTitle}</h1>
      {children}
    </div>
  );
}
