import {
  AU_STATES,
  addressMatchesSuggestion,
  dashboardSchema,
  dateOfBirthMismatch,
  ERROR_CODES,
  formatDisplayDate,
  GENDERS,
  guardianNameProblems,
  isProfileComplete,
  isUnderAge,
  PASSWORD_MESSAGES,
  PROFILE_LIMITS,
  PROFILE_MESSAGES,
  parseDisplayDate,
  passwordProblems,
  profileReturnPath,
  profileSaveBlocker,
  profileSchema,
  SUPPORT_VIEW_READ_ONLY,
  withBrand,
} from '@portal/domain';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AddressFinder } from '../../../components/address/address-finder.tsx';
import {
  type AddressSuggestion,
  addressFromSuggestion,
} from '../../../components/address/address-suggestions.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { useConfig } from '../../../lib/config.ts';
import { type CurrentUser, useCurrentUser } from '../../../lib/current-user.ts';
import { useSession } from '../../../lib/session.ts';
import { SubscriptionSection } from '../../orders/components/subscription-section.tsx';
import { postConsentResponse, putProfile, useDataUsageConsentFlow, useRefreshCurrentUser } from '../api.ts';
import { DataUsageConsent } from '../components/data-usage-consent.tsx';
import { ParentalConsent } from '../components/parental-consent.tsx';
import { SelectField } from '../components/select-field.tsx';
import { SupportViewsSection } from '../components/support-views-section.tsx';

type Values = {
  firstName: string;
  lastName: string;
  gender: string;
  dateOfBirth: string;
  phoneNumber: string;
  guardianFirstName: string;
  guardianLastName: string;
  addressLine1: string;
  addressLine2: string;
  suburb: string;
  state: string;
  postcode: string;
  country: string;
  provider: 'AF' | null;
  gnafId: string | null;
  externalIdentifier: string | null;
  password: string;
  newPassword: string;
  confirmPassword: string;
};
type AddressKey = 'addressLine1' | 'addressLine2' | 'suburb' | 'state' | 'postcode';
type Errors = Partial<Record<keyof Values, string>>;

const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = {
  MALE: 'Male',
  FEMALE: 'Female',
  OTHER: 'Other',
};
const SAVED_STATE_MS = 2000;
const SUPPORT_SESSION_PASSWORD_NOTE =
  'The password can only be changed by the account holder, not while support views this portal.';

function initialValues(user: CurrentUser): Values {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    gender: user.gender ?? '',
    dateOfBirth: formatDisplayDate(user.dateOfBirth),
    phoneNumber: user.phoneNumber ?? '',
    guardianFirstName: user.guardianFirstName ?? '',
    guardianLastName: user.guardianLastName ?? '',
    addressLine1: user.addressLine1 ?? '',
    addressLine2: user.addressLine2 ?? '',
    suburb: user.suburb ?? '',
    state: user.state ?? '',
    postcode: user.postcode ?? '',
    country: user.country || 'AU',
    provider: user.provider === 'AF' ? 'AF' : null,
    gnafId: user.gnafId ?? null,
    externalIdentifier: user.externalIdentifier ?? null,
    password: '',
    newPassword: '',
    confirmPassword: '',
  };
}

function addressOf(values: Values) {
  return {
    addressLine1: values.addressLine1,
    addressLine2: values.addressLine2 || null,
    suburb: values.suburb,
    state: values.state as (typeof AU_STATES)[number],
    postcode: values.postcode,
  };
}

export function ProfilePage() {
  const userQuery = useCurrentUser();
  const { appType } = useConfig();
  // The research portal's gate says why it keeps the person here; on the customer portal the dashboard
  // sends them here while the profile is incomplete (consumer §4), and this says why.
  const incomplete = appType === 'CUSTOMER' && userQuery.data && !isProfileComplete(userQuery.data);
  return (
    <>
      <h1>My Profile</h1>
      {incomplete ? <Alert tone="info">{PROFILE_MESSAGES.completeToContinue}</Alert> : null}
      {userQuery.data ? (
        <ProfileForm user={userQuery.data} />
      ) : userQuery.error ? (
        <Alert tone="error">{userQuery.error.message}</Alert>
      ) : (
        <Loading />
      )}
    </>
  );
}

function ProfileForm({ user }: { user: CurrentUser }) {
  const { brandName, appType } = useConfig();
  const refreshUser = useRefreshCurrentUser();
  const navigate = useNavigate();
  // Research §2: the first save of an incomplete profile leads on to the dashboard (and the redeem modal).
  const firstSave = appType === 'RESEARCH' && !isProfileComplete(user);
  // Consumer §4: the dashboard sent an incomplete profile here; its first save goes back there.
  const location = useLocation();
  const returnTo =
    appType === 'CUSTOMER' && !isProfileComplete(user) ? profileReturnPath(location.state) : null;
  const consentFlow = useDataUsageConsentFlow(user.id);
  const consent = consentFlow.data?.consents[0];
  const [values, setValues] = useState<Values>(() => initialValues(user));
  const [suggestion, setSuggestion] = useState<ReturnType<typeof addressOf> | null>(() =>
    user.provider === 'AF' ? addressOf(initialValues(user)) : null,
  );
  const [errors, setErrors] = useState<Errors>({});
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const [savedMessage, setSavedMessage] = useState(false);
  const [savedState, setSavedState] = useState(false);
  const [saving, setSaving] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const { actorId: supportActorId } = useSession();
  const [consentSkipped, setConsentSkipped] = useState(false);
  const [consentChoice, setConsentChoice] = useState<boolean | null>(null);
  const [askDob, setAskDob] = useState(false);
  const postedChoice = useRef<boolean | null>(null);
  const passwordBox = useRef<HTMLFieldSetElement>(null);
  const passwordSectionId = useId();
  const underAge = isUnderAge(user);

  // After the first save of a profile the dashboard sent here, the button's success state shows its two
  // seconds, then the person goes back to where they were headed.
  const leaveTo = useRef<string | null>(null);
  useEffect(() => {
    if (!savedState) return;
    const timer = setTimeout(() => {
      setSavedState(false);
      if (leaveTo.current) navigate(leaveTo.current);
    }, SAVED_STATE_MS);
    return () => clearTimeout(timer);
  }, [savedState, navigate]);

  function set<K extends keyof Values>(name: K, value: Values[K]) {
    setValues((current) => ({ ...current, [name]: value }));
  }

  function setAddress(name: AddressKey, value: string) {
    setValues((current) => {
      const next = { ...current, [name]: value };
      if (suggestion && !addressMatchesSuggestion(addressOf(next), suggestion)) {
        next.provider = null;
        next.gnafId = null;
        next.externalIdentifier = null;
      }
      return next;
    });
    if (suggestion) {
      const next = { ...values, [name]: value };
      if (!addressMatchesSuggestion(addressOf(next), suggestion)) setSuggestion(null);
    }
  }

  function chooseAddress(item: AddressSuggestion) {
    const next = addressFromSuggestion(item);
    setValues((current) => ({
      ...current,
      ...next,
      country: item.country || 'AU',
      provider: 'AF',
      gnafId: item.gnaf_id ?? null,
      externalIdentifier: item.external_identifier ?? null,
    }));
    setSuggestion(addressOf({ ...values, ...next }));
  }

  function showPasswordProblem(message: string) {
    setPasswordOpen(true);
    setErrors((current) => ({ ...current, password: message }));
    requestAnimationFrame(() => passwordBox.current?.scrollIntoView?.({ block: 'center' }));
  }

  async function save(dobConfirmed: boolean) {
    setFormMessage(null);
    setSavedMessage(false);
    // (1) A chosen consent response is recorded before anything else.
    if (consent && consentChoice !== null && postedChoice.current !== consentChoice) {
      setSaving(true);
      try {
        await postConsentResponse(user.id, consent.id, consentChoice);
        postedChoice.current = consentChoice;
      } catch {
        setFormMessage(PROFILE_MESSAGES.consentSaveFailed);
        return;
      } finally {
        setSaving(false);
      }
    }
    // (2) Client checks.
    const dob = values.dateOfBirth.trim() ? parseDisplayDate(values.dateOfBirth) : null;
    const changingPassword =
      passwordOpen && Boolean(values.password || values.newPassword || values.confirmPassword);
    const input = {
      firstName: values.firstName,
      lastName: values.lastName,
      gender: values.gender,
      dateOfBirth: dob ?? '',
      phoneNumber: values.phoneNumber,
      guardianFirstName: underAge ? values.guardianFirstName : null,
      guardianLastName: underAge ? values.guardianLastName : null,
      addressLine1: values.addressLine1,
      addressLine2: values.addressLine2 || null,
      suburb: values.suburb,
      state: values.state,
      postcode: values.postcode,
      country: values.country,
      provider: values.provider,
      gnafId: values.gnafId,
      externalIdentifier: values.externalIdentifier,
      ...(changingPassword ? { password: values.password, newPassword: values.newPassword } : {}),
    };
    const parsed = profileSchema.safeParse(input);
    const found: Errors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Values;
        found[key] ??= issue.message;
      }
    }
    if (!values.dateOfBirth.trim()) found.dateOfBirth = PROFILE_MESSAGES.required;
    else if (!dob) found.dateOfBirth = PROFILE_MESSAGES.invalidDate;
    if (!values.gender) found.gender = PROFILE_MESSAGES.invalidGender;
    if (!values.state) found.state = PROFILE_MESSAGES.invalidState;
    if (underAge) {
      Object.assign(
        found,
        guardianNameProblems({
          guardianFirstName: values.guardianFirstName.trim() || null,
          guardianLastName: values.guardianLastName.trim() || null,
        }),
      );
    }
    if (changingPassword) {
      // The schema's password refinement only runs once every other field is valid.
      const [problem] = passwordProblems(values.newPassword);
      if (problem) found.newPassword ??= problem;
      if (!values.password) found.password ??= PASSWORD_MESSAGES.wrongCurrent;
      if (values.newPassword !== values.confirmPassword) found.confirmPassword = PASSWORD_MESSAGES.mismatch;
    }
    setErrors(found);
    if (Object.keys(found).length > 0 || !parsed.success || !dob) {
      setFormMessage(PROFILE_MESSAGES.fixHighlighted);
      return;
    }
    if (!dobConfirmed && dateOfBirthMismatch(user, dob)) {
      setAskDob(true);
      return;
    }
    const blocker = profileSaveBlocker({
      underAge,
      parentConsented: user.parentConsented,
      consentSkipped,
      agreeToDataUsage: user.agreeToDataUsage ?? null,
      consentResponseGiven: consentChoice !== null,
    });
    if (blocker) {
      setFormMessage(withBrand(blocker, brandName));
      return;
    }
    // (3) Save.
    setSaving(true);
    try {
      await putProfile({
        ...input,
        gender: parsed.data.gender,
        dateOfBirth: dob,
        state: parsed.data.state,
        country: parsed.data.country,
      });
      setSavedMessage(true);
      setSavedState(true);
      setValues((current) => ({ ...current, password: '', newPassword: '', confirmPassword: '' }));
      setPasswordOpen(false);
      await refreshUser();
      if (firstSave) {
        const dashboard = await apiRequest('/dashboard', { auth: 'required' }, dashboardSchema);
        navigate(dashboard.numberOfUnassignedKits === 0 ? '/dashboard?showModal=REDEEM' : '/dashboard');
      } else if (returnTo) {
        leaveTo.current = returnTo;
      }
    } catch (error) {
      if (error instanceof ApiError && error.code === ERROR_CODES.supportViewReadOnly) {
        setFormMessage(error.message);
      } else if (error instanceof ApiError && error.status === 403) {
        showPasswordProblem(PASSWORD_MESSAGES.wrongCurrent);
      } else if (error instanceof ApiError && error.fields) {
        setErrors(error.fields as Errors);
        setFormMessage(PROFILE_MESSAGES.fixHighlighted);
      } else {
        setFormMessage(error instanceof Error ? error.message : PROFILE_MESSAGES.fixHighlighted);
      }
    } finally {
      setSaving(false);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void save(false);
  }

  const text = (name: keyof Values, max?: number) => ({
    value: values[name] ?? '',
    error: errors[name],
    maxLength: max,
    onChange: (event: { target: { value: string } }) => set(name, event.target.value as never),
  });
  const address = (name: AddressKey, max?: number) => ({
    ...text(name, max),
    onChange: (event: { target: { value: string } }) => setAddress(name, event.target.value),
  });

  return (
    <>
      {!user.dateOfBirth ? (
        <Alert tone="warning" title={PROFILE_MESSAGES.missingDobTitle}>
          {PROFILE_MESSAGES.missingDobText}
        </Alert>
      ) : null}
      {underAge && user.parentConsented !== true ? (
        <ParentalConsent skipped={consentSkipped} onSkip={() => setConsentSkipped(true)} />
      ) : null}
      <form onSubmit={onSubmit} noValidate aria-label="My Profile">
        <fieldset className="card profile-section">
          <legend>Personal details</legend>
          {user.guardian ? <p>These are the details of your child or dependant.</p> : null}
          <Field label="First name" autoComplete="given-name" {...text('firstName', PROFILE_LIMITS.name)} />
          <Field label="Last name" autoComplete="family-name" {...text('lastName', PROFILE_LIMITS.name)} />
          <SelectField
            label="Gender"
            options={GENDERS.map((g) => ({ value: g, label: GENDER_LABELS[g] }))}
            value={values.gender}
            error={errors.gender}
            onChange={(event) => set('gender', event.target.value)}
          />
          <Field
            label="Date of birth"
            hint="DD/MM/YYYY"
            inputMode="numeric"
            autoComplete="bday"
            {...text('dateOfBirth')}
          />
          <Field
            label="Phone number"
            type="tel"
            autoComplete="tel"
            {...text('phoneNumber', PROFILE_LIMITS.phone)}
          />
          <Field label="Email" type="email" value={user.email} disabled readOnly />
          {underAge ? (
            <>
              <Field label="Guardian first name" {...text('guardianFirstName', PROFILE_LIMITS.name)} />
              <Field label="Guardian last name" {...text('guardianLastName', PROFILE_LIMITS.name)} />
            </>
          ) : null}
        </fieldset>
        <fieldset className="card profile-section">
          <legend>Shipping address</legend>
          <AddressFinder onChoose={chooseAddress} />
          <Field
            label="Address line 1"
            autoComplete="address-line1"
            {...address('addressLine1', PROFILE_LIMITS.address)}
          />
          <Field
            label="Address line 2"
            autoComplete="address-line2"
            {...address('addressLine2', PROFILE_LIMITS.address)}
          />
          <Field
            label="Suburb"
            autoComplete="address-level2"
            {...address('suburb', PROFILE_LIMITS.address)}
          />
          <SelectField
            label="State"
            options={AU_STATES.map((s) => ({ value: s, label: s }))}
            value={values.state}
            error={errors.state}
            onChange={(event) => setAddress('state', event.target.value)}
          />
          <Field label="Postcode" inputMode="numeric" autoComplete="postal-code" {...address('postcode')} />
        </fieldset>
        <fieldset className="card profile-section" ref={passwordBox}>
          <legend>Password</legend>
          {/* A support user viewing this portal may not change the password (design.md §6). */}
          {supportActorId ? (
            <p>{SUPPORT_SESSION_PASSWORD_NOTE}</p>
          ) : (
            <Button
              variant="secondary"
              aria-expanded={passwordOpen}
              aria-controls={passwordSectionId}
              onClick={() => setPasswordOpen((open) => !open)}
            >
              Change password
            </Button>
          )}
          <div id={passwordSectionId} hidden={!passwordOpen || Boolean(supportActorId)}>
            <Field
              label="Current password"
              type="password"
              autoComplete="current-password"
              {...text('password')}
            />
            <Field
              label="New password"
              type="password"
              autoComplete="new-password"
              {...text('newPassword')}
            />
            <Field
              label="Confirm new password"
              type="password"
              autoComplete="new-password"
              {...text('confirmPassword')}
            />
          </div>
        </fieldset>
        {consent ? (
          <DataUsageConsent consent={consent} choice={consentChoice} onChoose={setConsentChoice} />
        ) : null}
        {formMessage ? <Alert tone="error">{formMessage}</Alert> : null}
        {savedMessage ? <Alert tone="success">{PROFILE_MESSAGES.saved}</Alert> : null}
        {/* A support view changes nothing (design.md §6): it is not offered a save the server would refuse. */}
        {supportActorId ? (
          <Alert tone="info">{SUPPORT_VIEW_READ_ONLY}</Alert>
        ) : (
          <div className="form-actions">
            <Button type="submit" busy={saving}>
              {savedState ? 'Saved' : 'Save changes'}
            </Button>
          </div>
        )}
      </form>
      <SupportViewsSection />
      {/* Research §2's profile has no subscription: that is the customer portal's. */}
      {appType === 'CUSTOMER' ? <SubscriptionSection /> : null}
      <Modal open={askDob} onClose={() => setAskDob(false)} title={PROFILE_MESSAGES.dobMismatchTitle}>
        <p>{PROFILE_MESSAGES.dobMismatchText}</p>
        <div className="form-actions">
          <Button
            onClick={() => {
              setAskDob(false);
              void save(true);
            }}
          >
            Yes
          </Button>
          <Button variant="secondary" onClick={() => setAskDob(false)}>
            No
          </Button>
        </div>
      </Modal>
    </>
  );
}
