import {
  type AccountType,
  accountFlags,
  checkRegistration,
  PASSWORD_HINT,
  REGISTRATION_AGREEMENT_TEXTS,
  REGISTRATION_FIELD_LABELS,
  REGISTRATION_MESSAGES,
  type RegistrationDraft,
} from '@portal/domain';
import { useState } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api-client.ts';
import { useRegister, userTypeForApp } from '../../lib/auth-api.ts';
import { useConfig } from '../../lib/config.ts';
import { useLegalVersions } from '../../lib/legal-api.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Field } from '../ui/field.tsx';
import { ReferralField } from './referral-field.tsx';

type Details = Omit<RegistrationDraft, 'accountType'>;
type Props = {
  accountType: AccountType;
  onBack: () => void;
  onRegistered: (email: string) => void;
  /** Research registration: the email checked in step 0 fills both email fields. */
  initialEmail?: string;
  /** Research registration: sent with the account so it joins the study. */
  participantCode?: string;
  /** Rewords a failed sign-up (research §8); the server's message otherwise. */
  describeError?: (error: ApiError) => string;
  /** Consumer registration: the optional practitioner referral code (postUser's referralCode). */
  offerReferral?: boolean;
};

const EMPTY: Details = {
  firstName: '',
  lastName: '',
  email: '',
  confirmEmail: '',
  password: '',
  confirmPassword: '',
};
/** The legal viewer at the version the agreement names (a new tab, so the form keeps what was typed). */
const legalLink = (kind: 'terms' | 'privacy', version: string | null | undefined) =>
  version ? `/${kind}?v=${encodeURIComponent(version)}` : `/${kind}`;

const REQUIRED: Array<keyof Details> = ['firstName', 'lastName', 'email', 'password'];

/**
 * checkRegistration() is the one source of the messages: empty required fields are named in the
 * form-level 'Please fill out' message and only marked invalid; other problems sit on their field.
 */
function registrationResolver(accountType: AccountType): Resolver<Details> {
  return async (values) => {
    const { fields } = checkRegistration({ ...values, accountType });
    const errors: FieldErrors<Details> = {};
    for (const name of REQUIRED) {
      if (!values[name].trim()) errors[name] = { type: 'required', message: '' };
    }
    for (const [name, message] of Object.entries(fields)) {
      if (name in EMPTY) errors[name as keyof Details] = { type: 'validate', message };
    }
    return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
  };
}

export function DetailsStep({
  accountType,
  onBack,
  onRegistered,
  initialEmail = '',
  participantCode,
  describeError = (error) => error.message,
  offerReferral = false,
}: Props) {
  const config = useConfig();
  const register = useRegister();
  const legal = useLegalVersions();
  const shown = legal.data?.current;
  const [referralCode, setReferralCode] = useState('');
  const form = useForm<Details>({
    resolver: registrationResolver(accountType),
    defaultValues: { ...EMPTY, email: initialEmail, confirmEmail: initialEmail },
  });
  const { errors, isSubmitted } = form.formState;
  const values = form.watch();
  const formMessage = isSubmitted ? checkRegistration({ ...values, accountType }).form : undefined;
  const serverError = register.error instanceof ApiError ? register.error : null;
  const referralError = serverError?.fields?.referralCode;

  const onSubmit = form.handleSubmit((details) => {
    const email = details.email.trim();
    const body = {
      email,
      password: details.password,
      firstName: details.firstName.trim(),
      lastName: details.lastName.trim(),
      ...accountFlags(accountType),
      userType: userTypeForApp(config.appType),
      ...(participantCode ? { participantCode } : {}),
      ...(offerReferral && referralCode.trim() ? { referralCode: referralCode.trim() } : {}),
      // The versions the agreement below names: the server records them, or refuses them once replaced.
      ...(shown?.terms ? { termsVersion: shown.terms } : {}),
      ...(shown?.privacy ? { privacyVersion: shown.privacy } : {}),
    };
    register.mutate(body, {
      onSuccess: () => onRegistered(email),
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        // The terms or privacy policy changed since the page loaded: the agreement shows the new versions.
        if (error.status === 409 && error.message === REGISTRATION_MESSAGES.legalChanged)
          void legal.refetch();
        for (const [name, message] of Object.entries(error.fields ?? {})) {
          if (name in EMPTY) form.setError(name as keyof Details, { type: 'server', message });
        }
      },
    });
  });

  const field = (name: keyof Details) => ({
    error: errors[name]?.message || undefined,
    invalid: Boolean(errors[name]),
    ...form.register(name),
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Your details">
      {formMessage ? <Alert tone="error">{formMessage}</Alert> : null}
      {serverError && !referralError ? <Alert tone="error">{describeError(serverError)}</Alert> : null}
      <Field label={REGISTRATION_FIELD_LABELS.firstName} autoComplete="given-name" {...field('firstName')} />
      <Field label={REGISTRATION_FIELD_LABELS.lastName} autoComplete="family-name" {...field('lastName')} />
      <Field label={REGISTRATION_FIELD_LABELS.email} type="email" autoComplete="email" {...field('email')} />
      <Field label="Confirm email" type="email" autoComplete="email" {...field('confirmEmail')} />
      <Field
        label={REGISTRATION_FIELD_LABELS.password}
        type="password"
        autoComplete="new-password"
        hint={PASSWORD_HINT}
        {...field('password')}
      />
      <Field
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        {...field('confirmPassword')}
      />
      {offerReferral ? (
        <ReferralField
          value={referralCode}
          onChange={(value) => {
            setReferralCode(value);
            if (referralError) register.reset();
          }}
          serverError={referralError}
        />
      ) : null}
      <p className="field-hint">
        {REGISTRATION_AGREEMENT_TEXTS.before}
        <Link to={legalLink('terms', shown?.terms)} target="_blank" rel="noopener">
          {REGISTRATION_AGREEMENT_TEXTS.terms}
        </Link>
        {shown?.terms ? REGISTRATION_AGREEMENT_TEXTS.version(shown.terms) : null}
        {REGISTRATION_AGREEMENT_TEXTS.and}
        <Link to={legalLink('privacy', shown?.privacy)} target="_blank" rel="noopener">
          {REGISTRATION_AGREEMENT_TEXTS.privacy}
        </Link>
        {shown?.privacy ? REGISTRATION_AGREEMENT_TEXTS.version(shown.privacy) : null}.
      </p>
      <div className="form-actions">
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
        <Button type="submit" busy={register.isPending}>
          Create account
        </Button>
      </div>
    </form>
  );
}
