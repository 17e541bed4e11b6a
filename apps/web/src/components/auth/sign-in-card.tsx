import { AUTH_MESSAGES } from '@portal/domain';
import { type ReactNode, Suspense, useId, useState } from 'react';
import { lazyPage } from '../../lib/lazy-load.tsx';
import { useSession } from '../../lib/session.ts';
import { hasUnsavedAnswers, UNSAVED_ANSWERS_TEXTS } from '../../lib/unsaved-answers.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Loading } from '../ui/loading.tsx';
import { LoginForm } from './login-form.tsx';
import { useLoginNotice } from './login-notice.ts';

// Fetched when "Forgot password?" opens it: its email check is a zod schema, and zod (16 KB gzip) stays
// out of the sign-in page's first load (120 KB budget, decision 034).
const ForgotPasswordPanel = lazyPage(
  () => import('./forgot-password-panel.tsx'),
  (m) => m.ForgotPasswordPanel,
);

type SignInCardProps = {
  title: string;
  onSignedIn: () => void;
  /** Replaces the server's message when a reset request fails (the research portal's wording). */
  resetFailureText?: string;
  /** Why the person is asked to sign in (a gift link), shown under the title. */
  intro?: ReactNode;
  /** The portal's own links under the form. */
  children: ReactNode;
};

/** The sign-in screen of both portals: notices, the form, and "Forgot password?" with its panel. */
export function SignInCard({ title, onSignedIn, resetFailureText, intro, children }: SignInCardProps) {
  const notice = useLoginNotice();
  const { endReason } = useSession();
  const [forgotOpen, setForgotOpen] = useState(false);
  // Answers typed after the session ended wait in the tab (issue 33): say they are saved after sign-in.
  const [answersWaiting] = useState(hasUnsavedAnswers);
  const panelId = useId();

  return (
    <div className="auth-card">
      <h1>{title}</h1>
      {intro}
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {answersWaiting ? (
        <Alert tone="warning">{UNSAVED_ANSWERS_TEXTS.sessionEnded}</Alert>
      ) : endReason === 'expired' ? (
        <Alert tone="warning">{AUTH_MESSAGES.sessionExpired}</Alert>
      ) : null}
      <LoginForm onSignedIn={onSignedIn} />
      <p className="auth-links">
        <Button
          variant="link"
          aria-expanded={forgotOpen}
          aria-controls={panelId}
          onClick={() => setForgotOpen((open) => !open)}
        >
          Forgot password?
        </Button>
      </p>
      {forgotOpen ? (
        <Suspense fallback={<Loading />}>
          <ForgotPasswordPanel id={panelId} failureText={resetFailureText} />
        </Suspense>
      ) : null}
      {children}
    </div>
  );
}
