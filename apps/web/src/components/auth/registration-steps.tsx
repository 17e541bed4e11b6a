import { REGISTRATION_MESSAGES } from '@portal/domain';
import { type RefObject, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router';
import { fillTemplate } from '../../lib/format.ts';
import { Alert } from '../ui/alert.tsx';

/**
 * The steps of a registration. The control that moved the person on disappears with its step, so the
 * new step's heading (the one given `headingRef`) takes focus.
 */
export function useRegistrationSteps<Step>(first: Step) {
  const [step, setStep] = useState<Step>(first);
  const headingRef = useRef<HTMLHeadingElement>(null);
  function goTo(next: Step) {
    flushSync(() => setStep(next));
    headingRef.current?.focus();
  }
  return { step, goTo, headingRef };
}

/** The screen after registering: the verification link is on its way to `email`. */
export function RegistrationSent({
  title,
  email,
  headingRef,
}: {
  title: string;
  email: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  return (
    <div className="auth-card">
      <h1 ref={headingRef} tabIndex={-1}>
        {title}
      </h1>
      <Alert tone="success">{fillTemplate(REGISTRATION_MESSAGES.success, { email })}</Alert>
      <p className="auth-links">
        <Link to="/login">Back to sign in</Link>
      </p>
    </div>
  );
}
