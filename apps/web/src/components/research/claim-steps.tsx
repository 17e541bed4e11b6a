import { KIT_MESSAGES, RESEARCH_MESSAGES } from '@portal/domain';
import { type ReactNode, useEffect, useRef } from 'react';
import { isParticipantCodeWellFormed } from '../../lib/pending-redeem.ts';
import type { ResearchVoucher } from '../../lib/research-api.ts';
import { type AddressDraft, isValidAddress } from '../address/address-draft.ts';
import { AddressFields } from '../address/address-fields.tsx';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Field } from '../ui/field.tsx';
import { RESEARCH_MODAL_TEXTS, RESEARCH_TEXTS } from './research-texts.ts';

/** Back and the step's main action, the way every step of the research modals ends. */
function StepActions({
  busy,
  ready,
  label,
  onBack,
}: {
  busy: boolean;
  ready: boolean;
  label: string;
  onBack?: (() => void) | undefined;
}) {
  return (
    <div className="form-actions">
      {onBack ? (
        <Button variant="secondary" disabled={busy} onClick={onBack}>
          {RESEARCH_MODAL_TEXTS.back}
        </Button>
      ) : null}
      <Button type="submit" disabled={!ready} busy={busy}>
        {label}
      </Button>
    </div>
  );
}

type StepFormProps = {
  label: string;
  busy: boolean;
  error: string | null;
  ready: boolean;
  action: string;
  onBack?: (() => void) | undefined;
  onSubmit: () => void;
  children: ReactNode;
};

function StepForm({ label, busy, error, ready, action, onBack, onSubmit, children }: StepFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  // A refusal leaves the pressed button disabled for a moment, and focus with it: it goes to the field
  // the message is about (or the step's first field), so a keyboard user carries on where it matters.
  useEffect(() => {
    if (!error || busy) return;
    const form = formRef.current;
    const field =
      form?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      form?.querySelector<HTMLElement>('input:not([disabled]), select:not([disabled])');
    field?.focus();
  }, [error, busy]);
  return (
    <form
      ref={formRef}
      noValidate
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        if (ready && !busy) onSubmit();
      }}
    >
      {children}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <StepActions busy={busy} ready={ready} label={action} onBack={onBack} />
    </form>
  );
}

/** The participant code's field, as Add project and the research registration ask for it. */
export const PARTICIPANT_CODE_FIELD = {
  label: RESEARCH_TEXTS.participantCode,
  hint: RESEARCH_TEXTS.participantCodeHint,
  autoComplete: 'off',
  spellCheck: false,
  autoCapitalize: 'characters',
} as const;

/** A participant code, checked in the browser (research §5) before the caller joins with it. */
export function ParticipantCodeStep({
  code,
  onCodeChange,
  busy,
  error,
  onProceed,
}: {
  code: string;
  onCodeChange: (code: string) => void;
  busy: boolean;
  error: string | null;
  onProceed: () => void;
}) {
  return (
    <StepForm
      label={RESEARCH_MODAL_TEXTS.joinForm}
      busy={busy}
      error={error}
      ready={code.trim() !== ''}
      action={RESEARCH_MODAL_TEXTS.join}
      onSubmit={onProceed}
    >
      <Field
        {...PARTICIPANT_CODE_FIELD}
        value={code}
        invalid={error === RESEARCH_MESSAGES.participantInvalid}
        onChange={(event) => onCodeChange(event.target.value)}
      />
    </StepForm>
  );
}

/** The local half of the participant code check: the message to show, or null to go on. */
export const localCodeProblem = (code: string) =>
  isParticipantCodeWellFormed(code) ? null : RESEARCH_MESSAGES.participantInvalid;

export function VoucherStep({
  voucher,
  onVoucherChange,
  busy,
  error,
  onBack,
  onProceed,
}: {
  voucher: string;
  onVoucherChange: (voucher: string) => void;
  busy: boolean;
  error: string | null;
  onBack?: () => void;
  onProceed: () => void;
}) {
  return (
    <StepForm
      label={RESEARCH_MODAL_TEXTS.voucherForm}
      busy={busy}
      error={error}
      ready={voucher.trim() !== ''}
      action={RESEARCH_MODAL_TEXTS.proceed}
      onBack={onBack}
      onSubmit={onProceed}
    >
      <Field
        label={RESEARCH_MODAL_TEXTS.voucher}
        hint={RESEARCH_MODAL_TEXTS.voucherHint}
        autoComplete="off"
        spellCheck={false}
        value={voucher}
        invalid={error === KIT_MESSAGES.invalidVoucher || error === RESEARCH_MESSAGES.mismatch}
        onChange={(event) => onVoucherChange(event.target.value)}
      />
    </StepForm>
  );
}

/** PROJECT: the voucher's project, to confirm before the kit is claimed. */
export function ProjectStep({
  found,
  busy,
  error,
  onBack,
  onConfirm,
}: {
  found: ResearchVoucher;
  busy: boolean;
  error: string | null;
  onBack: () => void;
  onConfirm: () => void;
}) {
  return (
    <StepForm
      label={RESEARCH_MODAL_TEXTS.projectForm}
      busy={busy}
      error={error}
      ready
      action={RESEARCH_MODAL_TEXTS.confirmProject}
      onBack={onBack}
      onSubmit={onConfirm}
    >
      <p>{RESEARCH_MODAL_TEXTS.projectQuestion}</p>
      <dl className="research-contact">
        <div>
          <dt>{RESEARCH_MODAL_TEXTS.project}</dt>
          <dd>{found.researchProjectName}</dd>
        </div>
        {found.contactName ? (
          <div>
            <dt>{RESEARCH_TEXTS.contactName}</dt>
            <dd>{found.contactName}</dd>
          </div>
        ) : null}
      </dl>
    </StepForm>
  );
}

/** ADDRESS: where the lab posts the kit; Proceed waits for a valid address (research §5). */
export function AddressStep({
  address,
  onAddressChange,
  busy,
  error,
  onBack,
  onProceed,
  intro = RESEARCH_MODAL_TEXTS.addressIntro,
}: {
  address: AddressDraft;
  onAddressChange: (next: AddressDraft) => void;
  busy: boolean;
  error: string | null;
  onBack?: () => void;
  onProceed: () => void;
  intro?: ReactNode;
}) {
  return (
    <StepForm
      label={RESEARCH_MODAL_TEXTS.addressForm}
      busy={busy}
      error={error}
      ready={isValidAddress(address)}
      action={RESEARCH_MODAL_TEXTS.proceed}
      onBack={onBack}
      onSubmit={onProceed}
    >
      <p>{intro}</p>
      <AddressFields value={address} onChange={onAddressChange} />
    </StepForm>
  );
}
