import { emailSchema, REGISTRATION_MESSAGES, RESEARCH_MESSAGES } from '@portal/domain';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
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
  const [participantCode, setParticipantCode] = useState(initial.participantCode);
  const [email, setEmail] = useState(initial.email);
  const [problems, setProblems] = useState<Problems>({});
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const code = normaliseParticipantCode(participantCode);
    const parsedEmail = emailSchema.safeParse(email);
    const local: Problems = {};
    // Research §8: the registration step's own text for a bad code (the add-project text is the modals').
    if (!isParticipantCodeWellFormed(code)) local.participantCode = RESEARCH_MESSAGES.invalidCode;
    if (!parsedEmail.success) local.email = REGISTRATION_MESSAGES.invalidEmail;
    setProblems(local);
    if (local.participantCode || !parsedEmail.success) return;

    setBusy(true);
    try {
      const { researchProjectName } = await registerCheck({
        participantIdentifier: code,
        username: parsedEmail.data,
      });
      storePendingRedeem({ participantCode: code, email: parsedEmail.data });
      onChecked({ participantCode: code, email: parsedEmail.data, researchProjectName });
    } catch (error) {
      const failure = checkFailure(error);
      if (failure.emailExists) storePendingRedeem({ participantCode: code, email: parsedEmail.data });
      setProblems(failure);
    } finally {
      setBusy(false);
    }
  }

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
        label={RESEARCH_TEXTS.participantCode}
        hint={RESEARCH_TEXTS.participantCodeHint}
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="characters"
        value={participantCode}
        error={problems.participantCode}
        onChange={(event) => setParticipantCode(event.target.value)}
      />
      <Field
        label={RESEARCH_TEXTS.email}
        type="email"
        autoComplete="email"
        value={email}
        error={problems.email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <div className="form-actions">
        <Button type="submit" busy={busy}>
          {RESEARCH_TEXTS.next}
        </Button>
      </div>
    </form>
  );
}
