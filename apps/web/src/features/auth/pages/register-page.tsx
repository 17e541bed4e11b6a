import type { AccountType } from '@portal/domain';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { AccountTypeStep } from '../../../components/auth/account-type-step.tsx';
import { DetailsStep } from '../../../components/auth/details-step.tsx';
import { RegistrationSent, useRegistrationSteps } from '../../../components/auth/registration-steps.tsx';
import { giftVoucherOf, keepGiftVoucher } from '../../../lib/gift-voucher.ts';

type Step = { name: 'type' } | { name: 'details'; type: AccountType } | { name: 'done'; email: string };

/** Registration: step 0 account type, step 1 details, then a check-your-email screen. */
export function RegisterPage() {
  const { step, goTo, headingRef } = useRegistrationSteps<Step>({ name: 'type' });
  const [accountType, setAccountType] = useState<AccountType | null>(null);
  const giftVoucher = giftVoucherOf(useLocation().state);

  if (step.name === 'done') {
    return <RegistrationSent title="Check your email" email={step.email} headingRef={headingRef} />;
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
