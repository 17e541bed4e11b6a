import { type AccountType, REGISTRATION_MESSAGES } from '@portal/domain';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, useLocation } from 'react-router';
import { AccountTypeStep } from '../../../components/auth/account-type-step.tsx';
import { DetailsStep } from '../../../components/auth/details-step.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { fillTemplate } from '../../../lib/format.ts';
import { giftVoucherOf, keepGiftVoucher } from '../../../lib/gift-voucher.ts';

type Step = { name: 'type' } | { name: 'details'; type: AccountType } | { name: 'done'; email: string };

/** Registration: step 0 account type, step 1 details, then a check-your-email screen. */
export function RegisterPage() {
  const [step, setStep] = useState<Step>({ name: 'type' });
  const [accountType, setAccountType] = useState<AccountType | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const giftVoucher = giftVoucherOf(useLocation().state);

  // The control that moved the user on disappears with its step; the new step's heading takes focus.
  function goTo(next: Step) {
    flushSync(() => setStep(next));
    headingRef.current?.focus();
  }

  if (step.name === 'done') {
    return (
      <div className="auth-card">
        <h1 ref={headingRef} tabIndex={-1}>
          Check your email
        </h1>
        <Alert tone="success">{fillTemplate(REGISTRATION_MESSAGES.success, { email: step.email })}</Alert>
        <p className="auth-links">
          <Link to="/login">Back to sign in</Link>
        </p>
      </div>
    );
  }

  return (
    <div className="auth-card">
      <h1 ref={headingRef} tabIndex={-1}>
        Create an account
      </h1>
      <p className="step-indicator">Step {step.name === 'type' ? 1 : 2} of 2</p>
      {step.name === 'type' ? (
        <AccountTypeStep
          initial={accountType}
          onNext={(type) => {
            setAccountType(type);
            goTo({ name: 'details', type });
          }}
        />
      ) : (
        <DetailsStep
          accountType={step.type}
          onBack={() => goTo({ name: 'type' })}
          onRegistered={(email) => {
            if (giftVoucher) keepGiftVoucher(giftVoucher, email);
            goTo({ name: 'done', email });
          }}
          offerReferral
        />
      )}
      <p className="auth-links">
        Already registered? <Link to="/login">Sign in</Link>
      </p>
    </div>
  );
}
