import { emailSchema, REGISTRATION_MESSAGES, RESEARCH_MESSAGES } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { PARTICIPANT_CODE_FIELD } from '../../../components/research/claim-steps.tsx';
import { RESEARCH_TEXTS } from '../../../components/research/research-texts.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { CLIENT_MESSAGES } from '../../../lib/messages.ts';
import {
  isParticipantCodeWellFormed,
  normaliseParticipantCode,
  storePendingRedeem,
} from '../../../lib/pending-redeem.ts';
import { registerCheck } from '../../../lib/research-api.ts';

export type CheckedParticipant = { participantCode: string; email: string; researchProjectName: string };

type Problems = { participantCode?: string; email?: string; form?: string; emailExists?: boolean };

/** Research §8: the answers of the code check, by status. */
function checkFailure(error: unknown): Problems {
  if (!(error instanceof ApiError)) return { form: CLIENT_MESSAGES.unexpected };
  if (error.status === 409) return { form: RESEARCH_MESSAGES.emailExists, emailExists: true };
  if (error.status === 400) return { participantCode: RESEARCH_MESSAGES.invalidCode };
  if (error.status === 404) return { participantCode: RESEARCH_MESSAGES.codeNotFound };
  return { form: error.message };
}

type ParticipantValues = { participantCode: string; email: string };

/**
 * The domain's rules with research §8's texts: the participant code (checked in the browser first,
 * research §5) and the email (emailSchema; the registration step's own text for a bad code and email).
 */
const participantResolver: Resolver<ParticipantValues> = async (values) => {
  const errors: FieldErrors<ParticipantValues> = {};
  if (!isParticipantCodeWellFormed(normaliseParticipantCode(values.participantCode))) {
    errors.participantCode = { type: 'validate', message: RESEARCH_MESSAGES.invalidCode };
  }
  if (!emailSchema.safeParse(values.email).success) {
    errors.email = { type: 'validate', message: REGISTRATION_MESSAGES.invalidEmail };
  }
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
};

/**
 * Step 0: participant code and email. The code is checked in the browser first, then by the server.
 * The code and email are kept for the first sign-in (also when the email already has an account, so
 * signing in instead still joins the study).
 */
export function ParticipantStep({
  initial,
  onChecked,
}: {
  initial: { participantCode: string; email: string };
  onChecked: (checked: CheckedParticipant) => void;
}) {
  // Problems change on a submit only, as the step always did.
  const form = useForm<ParticipantValues>({
    defaultValues: initial,
    resolver: participantResolver,
    reValidateMode: 'onSubmit',
  });
  const registerCheckMutation = useMutation({
    mutationFn: (checked: { participantCode: string; email: string }) =>
      registerCheck({ participantIdentifier: checked.participantCode, username: checked.email }),
    onSuccess: ({ researchProjectName }, checked) => {
      storePendingRedeem(checked);
      onChecked({ ...checked, researchProjectName });
    },
    onError: (error, checked) => {
      const failure = checkFailure(error);
      if (failure.emailExists) storePendingRedeem(checked);
      if (failure.participantCode) {
        form.setError('participantCode', { type: 'server', message: failure.participantCode });
      }
    },
  });
  const failure = registerCheckMutation.error ? checkFailure(registerCheckMutation.error) : null;
  const problems: Problems = {
    participantCode: form.formState.errors.participantCode?.message,
    email: form.formState.errors.email?.message,
    form: failure?.form,
    emailExists: failure?.emailExists,
  };
  const onSubmit = form.handleSubmit(
    async (values) => {
      const checked = {
        participantCode: normaliseParticipantCode(values.participantCode),
        email: emailSchema.parse(values.email),
      };
      await registerCheckMutation.mutateAsync(checked).catch(() => undefined);
    },
    () => registerCheckMutation.reset(),
  );
  // Busy from the click on: the check runs before the request starts, and a second click in between
  // would send twice.
  const busy = form.formState.isSubmitting || registerCheckMutation.isPending;

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Participant code and email">
      {problems.form ? (
        <Alert tone="error">
          <p>{problems.form}</p>
          {problems.emailExists ? (
            <p>
              <Link to="/login">{RESEARCH_TEXTS.loginInstead}</Link>
            </p>
          ) : null}
        </Alert>
      ) : null}
      <Field
        {...PARTICIPANT_CODE_FIELD}
        error={problems.participantCode}
        {...form.register('participantCode')}
      />
      <Field
        label={RESEARCH_TEXTS.email}
        type="email"
        autoComplete="email"
        error={problems.email}
        {...form.register('email')}
      />
      <div className="form-actions">
        <Button type="submit" busy={busy}>
          {RESEARCH_TEXTS.next}
        </Button>
      </div>
    </form>
  );
}
