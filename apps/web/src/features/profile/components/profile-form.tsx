import {
  addressMatchesSuggestion,
  dashboardSchema,
  dateOfBirthMismatch,
  ERROR_CODES,
  isProfileComplete,
  isUnderAge,
  PASSWORD_MESSAGES,
  PROFILE_MESSAGES,
  profileReturnPath,
  profileSaveBlocker,
  SUPPORT_VIEW_READ_ONLY,
  withBrand,
} from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import {
  type AddressSuggestion,
  addressFromSuggestion,
} from '../../../components/address/address-suggestions.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { useConfig } from '../../../lib/config.ts';
import { type CurrentUser, currentUserQueryKey } from '../../../lib/current-user.ts';
import { useSession } from '../../../lib/session.ts';
import {
  type ProfileUpdate,
  postConsentResponse,
  putProfile,
  useDataUsageConsentFlow,
  useRefreshCurrentUser,
} from '../api.ts';
import {
  addressOf,
  checkProfile,
  initialValues,
  type ProfileValues,
  profileResolver,
} from '../profile-values.ts';
import { DataUsageConsent } from './data-usage-consent.tsx';
import { DobConfirmModal } from './dob-confirm-modal.tsx';
import { ParentalConsent } from './parental-consent.tsx';
import { PasswordSection } from './password-section.tsx';
import { PersonalDetailsSection } from './personal-details-section.tsx';
import { ShippingAddressSection } from './shipping-address-section.tsx';

const SAVED_STATE_MS = 2000;
const PASSWORD_FIELDS = ['password', 'newPassword', 'confirmPassword'] as const;

export function ProfileForm({ user }: { user: CurrentUser }) {
  const { brandName, appType } = useConfig();
  const refreshUser = useRefreshCurrentUser();
  const navigate = useNavigate();
  const location = useLocation();
  const { actorId: supportActorId } = useSession();
  // Research §2: the first save of an incomplete profile leads on to the dashboard (and the redeem modal).
  const firstSave = appType === 'RESEARCH' && !isProfileComplete(user);
  // Consumer §4: the dashboard sent an incomplete profile here; its first save goes back there.
  const returnTo =
    appType === 'CUSTOMER' && !isProfileComplete(user) ? profileReturnPath(location.state) : null;
  const underAge = isUnderAge(user);
  const consent = useDataUsageConsentFlow(user.id).data?.consents[0];

  const [passwordOpen, setPasswordOpen] = useState(false);
  // A guardian account (issue 33 item 23) keeps the adult's name in the guardian fields, as a minor's does.
  const withGuardian = underAge || user.guardian;
  const checkContext = useRef({ underAge: withGuardian, passwordOpen });
  checkContext.current = { underAge: withGuardian, passwordOpen };
  const form = useForm<ProfileValues>({
    defaultValues: initialValues(user),
    resolver: profileResolver(() => checkContext.current),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const [suggestion, setSuggestion] = useState(() =>
    user.provider === 'AF' ? addressOf(initialValues(user)) : null,
  );
  // The version these fields came from, not the latest fetched: a refetch on focus must not make a
  // stale form look current.
  const loadedVersion = useRef(user.version);
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const [savedState, setSavedState] = useState(false);
  const [consentSkipped, setConsentSkipped] = useState(false);
  const [consentChoice, setConsentChoice] = useState<boolean | null>(null);
  const [askDob, setAskDob] = useState(false);
  const postedChoice = useRef<boolean | null>(null);
  const queryClient = useQueryClient();
  // A new answer on the server (a withdrawal in Your consents, issue 23) replaces a choice made here:
  // the question shows what the server holds.
  const respondedAt = consent?.response?.respondedAt;
  useEffect(() => {
    if (respondedAt === undefined) return;
    setConsentChoice(null);
    postedChoice.current = null;
  }, [respondedAt]);
  const passwordBox = useRef<HTMLFieldSetElement>(null);

  const recordConsent = useMutation({
    mutationFn: ({ consentId, consented }: { consentId: string | number; consented: boolean }) =>
      postConsentResponse(user.id, consentId, consented),
    onSuccess: (_, { consented }) => {
      postedChoice.current = consented;
      // Your consents lists this answer too.
      void queryClient.invalidateQueries({ queryKey: ['my-consents', user.id] });
    },
  });
  const save = useMutation({
    mutationFn: async (body: ProfileUpdate) => {
      const saved = await putProfile(body);
      loadedVersion.current = saved.version;
      await refreshUser();
      if (!firstSave) return returnTo;
      const dashboard = await apiRequest('/dashboard', { auth: 'required' }, dashboardSchema);
      return dashboard.numberOfUnassignedKits === 0 ? '/dashboard?showModal=REDEEM' : '/dashboard';
    },
    onSuccess: (next) => {
      setSavedState(true);
      for (const name of PASSWORD_FIELDS) form.setValue(name, '');
      setPasswordOpen(false);
      if (firstSave && next) navigate(next);
      else leaveTo.current = next;
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === ERROR_CODES.supportViewReadOnly) {
        setFormMessage(error.message);
      } else if (error instanceof ApiError && (error.status === 409 || error.fields?.version)) {
        // Saved in another window since this one loaded, or no version known: show the latest version,
        // then the person checks and saves again (issue 33 item 16).
        setFormMessage(error.message);
        void reloadLatest();
      } else if (error instanceof ApiError && error.status === 403) {
        setPasswordOpen(true);
        form.setError('password', { type: 'server', message: PASSWORD_MESSAGES.wrongCurrent });
        requestAnimationFrame(() => passwordBox.current?.scrollIntoView?.({ block: 'center' }));
      } else if (error instanceof ApiError && error.fields) {
        for (const [name, message] of Object.entries(error.fields)) {
          form.setError(name as keyof ProfileValues, { type: 'server', message });
        }
        setFormMessage(PROFILE_MESSAGES.fixHighlighted);
      } else {
        setFormMessage(error instanceof Error ? error.message : PROFILE_MESSAGES.fixHighlighted);
      }
    },
  });

  async function reloadLatest() {
    await refreshUser();
    const latest = queryClient.getQueryData<CurrentUser>(currentUserQueryKey(user.id));
    if (!latest) return;
    loadedVersion.current = latest.version;
    form.reset(initialValues(latest));
    setSuggestion(latest.provider === 'AF' ? addressOf(initialValues(latest)) : null);
  }

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

  function onAddressEdit() {
    if (suggestion && !addressMatchesSuggestion(addressOf(form.getValues()), suggestion)) {
      form.setValue('provider', null);
      form.setValue('gnafId', null);
      form.setValue('externalIdentifier', null);
      setSuggestion(null);
    }
  }

  function chooseAddress(item: AddressSuggestion) {
    const address = addressFromSuggestion(item);
    for (const [name, value] of Object.entries(address)) form.setValue(name as keyof typeof address, value);
    form.setValue('country', item.country || 'AU');
    form.setValue('provider', 'AF');
    form.setValue('gnafId', item.gnaf_id ?? null);
    form.setValue('externalIdentifier', item.external_identifier ?? null);
    setSuggestion(addressOf(address));
  }

  function onValid(values: ProfileValues, dobConfirmed: boolean) {
    const checked = checkProfile(values, checkContext.current);
    if (!checked.ok) return;
    if (!dobConfirmed && dateOfBirthMismatch(user, checked.dateOfBirth)) {
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
    if (blocker) setFormMessage(withBrand(blocker, brandName));
    else save.mutate({ ...checked.body, version: loadedVersion.current });
  }

  async function submit(dobConfirmed: boolean) {
    setFormMessage(null);
    save.reset();
    // A chosen consent response is recorded before anything else.
    if (consent && consentChoice !== null && postedChoice.current !== consentChoice) {
      try {
        await recordConsent.mutateAsync({ consentId: consent.id, consented: consentChoice });
      } catch {
        setFormMessage(PROFILE_MESSAGES.consentSaveFailed);
        return;
      }
    }
    await form.handleSubmit(
      (values) => onValid(values, dobConfirmed),
      () => setFormMessage(PROFILE_MESSAGES.fixHighlighted),
    )();
  }

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
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit(false);
        }}
        noValidate
        aria-label="My Profile"
      >
        <PersonalDetailsSection form={form} user={user} underAge={withGuardian} />
        <ShippingAddressSection form={form} onChoose={chooseAddress} onEdit={onAddressEdit} />
        <PasswordSection
          ref={passwordBox}
          form={form}
          open={passwordOpen}
          onToggle={() => setPasswordOpen((open) => !open)}
          supportView={Boolean(supportActorId)}
        />
        {consent ? (
          <DataUsageConsent consent={consent} choice={consentChoice} onChoose={setConsentChoice} />
        ) : null}
        {formMessage ? <Alert tone="error">{formMessage}</Alert> : null}
        {save.isSuccess ? <Alert tone="success">{PROFILE_MESSAGES.saved}</Alert> : null}
        {/* A support view changes nothing (design.md §6): it is not offered a save the server would refuse. */}
        {supportActorId ? (
          <Alert tone="info">{SUPPORT_VIEW_READ_ONLY}</Alert>
        ) : (
          <div className="form-actions">
            {/* Busy from the click on: the schema check runs before the mutation starts, and a second click
              in between would send twice. */}
            <Button
              type="submit"
              busy={form.formState.isSubmitting || recordConsent.isPending || save.isPending}
              busyLabel="Saving…"
            >
              {savedState ? 'Saved' : 'Save changes'}
            </Button>
          </div>
        )}
      </form>
      <DobConfirmModal
        open={askDob}
        onClose={() => setAskDob(false)}
        onConfirm={() => {
          setAskDob(false);
          void submit(true);
        }}
      />
    </>
  );
}
