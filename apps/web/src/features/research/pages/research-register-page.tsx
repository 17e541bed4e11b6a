import { type AccountType, REGISTRATION_MESSAGES, RESEARCH_MESSAGES } from '@portal/domain';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { AccountTypeStep } from '../../../components/auth/account-type-step.tsx';
import { DetailsStep } from '../../../components/auth/details-step.tsx';
import { RegistrationSent } from '../../../components/auth/registration-steps.tsx';
import { RESEARCH_TEXTS } from '../../../components/research/research-texts.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import type { ApiError } from '../../../lib/api-client.ts';
import { readPendingRedeem, storePendingRedeem } from '../../../lib/pending-redeem.ts';
import { type CheckedParticipant, ParticipantStep } from '../components/participant-step.tsx';

type Step =
  | { name: 'code' }
  | { name: 'type'; checked: CheckedParticipant }
  | { name: 'details'; checked: CheckedParticipant; type: AccountType }
  | { name: 'done'; email: string };

/** Research §8: a sign-up refused because the email has an account reads as such. */
export function signUpErrorText(error: ApiError): string {
  if (error.message === REGISTRATION_MESSAGES.legalChanged) return error.message;
  return error.status === 409 || error.message.includes('User already exists')
    ? RESEARCH_MESSAGES.accountExists
    : error.message;
}

type StepState = { registrationStep?: Step } | null;

/**
 * The registration's steps as browser history entries: Back goes to the previous step, Forward comes
 * back, and a reload stays on the step (its state is the entry's). The new step's heading takes focus,
 * as the control that moved the person on went with its step.
 */
function useHistorySteps() {
  const location = useLocation();
  const navigate = useNavigate();
  const step = (location.state as StepState)?.registrationStep ?? { name: 'code' };
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shown = useRef(step.name);
  useEffect(() => {
    if (shown.current === step.name) return;
    shown.current = step.name;
    headingRef.current?.focus();
  }, [step.name]);
  function goTo(next: Step) {
    // Once registered, Back does not offer the sent form again.
    navigate(`${location.pathname}${location.search}`, {
      state: { registrationStep: next },
      replace: next.name === 'done',
    });
  }
  return { step, goTo, headingRef };
}

/**
 * Research Participant Registration: step 0 participant code and email, step 1 account type, step 2
 * details, then check-your-email.
 */
export function ResearchRegisterPage() {
  const { step, goTo, headingRef } = useHistorySteps();
  // What the steps were given, for going back to them; after a reload, the code and email kept under
  // redeem_on_register (research §2).
  const [checked, setChecked] = useState<Pick<CheckedParticipant, 'participantCode' | 'email'> | null>(
    () => (step.name === 'code' || step.name === 'done' ? null : step.checked) ?? readPendingRedeem(),
  );
  const [accountType, setAccountType] = useState<AccountType | null>(() =>
    step.name === 'details' ? step.type : null,
  );

  if (step.name === 'done') {
    return (
      <RegistrationSent title={RESEARCH_TEXTS.checkEmailTitle} email={step.email} headingRef={headingRef} />
    );
  }

  const number = { code: 1, type: 2, details: 3 }[step.name];
  return (
    <div className="auth-card">
      <h1 ref={headingRef} tabIndex={-1}>
        {RESEARCH_TEXTS.registerTitle}
      </h1>
      <p className="step-indicator">Step {number} of 3</p>
      {step.name !== 'code' ? (
        <Alert tone="success">{RESEARCH_TEXTS.projectFound(step.checked.researchProjectName)}</Alert>
      ) : null}
      {step.name === 'code' ? (
        <ParticipantStep
          initial={{ participantCode: checked?.participantCode ?? '', email: checked?.email ?? '' }}
          onChecked={(result) => {
            setChecked(result);
            goTo({ name: 'type', checked: result });
          }}
        />
      ) : null}
      {step.name === 'type' ? (
        <AccountTypeStep
          initial={accountType}
          onNext={(type) => {
            setAccountType(type);
            goTo({ name: 'details', checked: step.checked, type });
          }}
        />
      ) : null}
      {step.name === 'details' ? (
        <DetailsStep
          accountType={step.type}
          initialEmail={step.checked.email}
          participantCode={step.checked.participantCode}
          describeError={signUpErrorText}
          onBack={() => goTo({ name: 'type', checked: step.checked })}
          onRegistered={(email) => {
            // The account's email is the one the first sign-in matches the kept code against.
            storePendingRedeem({ participantCode: step.checked.participantCode, email });
            goTo({ name: 'done', email });
          }}
        />
      ) : null}
      <p className="auth-links">
        Already registered? <Link to="/login">Sign in</Link>
      </p>
    </div>
  );
}
