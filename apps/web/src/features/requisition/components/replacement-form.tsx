import { zodResolver } from '@hookform/resolvers/zod';
import {
  type KitInfo,
  REQUISITION_MESSAGES,
  type ReplacementFormValues,
  replacementFormSchema,
} from '@portal/domain';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { useSubmitKit } from '../api.ts';
import { REQUISITION_TEXTS } from '../requisition-texts.ts';

type ReplacementFormProps = {
  kitHashedId: string;
  /** Null when the kit could not be loaded: the form is then read-only (research §4). */
  info: KitInfo | null;
  onSubmitted: (message: string) => void;
};

/** Research §2 and §5: the replacement kit's id, the site number and the subject id (both required). */
export function ReplacementForm({ kitHashedId, info, onSubmitted }: ReplacementFormProps) {
  const readOnly = info === null;
  const submit = useSubmitKit();
  const form = useForm<ReplacementFormValues>({
    resolver: zodResolver(replacementFormSchema),
    defaultValues: {
      siteNumber: info?.replacement ? String(info.replacement.siteNumber) : '',
      subjectId: info?.replacement?.subjectId ?? '',
      replacedKitHashedId: info?.replacement?.replacedKitHashedId ?? '',
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    if (readOnly) return;
    submit.mutate(
      {
        kitHashedId,
        formType: 'replacement-form',
        replacedKitHashedId: values.replacedKitHashedId.trim(),
        siteNumber: Number(values.siteNumber),
        subjectId: values.subjectId.trim(),
      },
      { onSuccess: (result) => onSubmitted(result.message) },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={REQUISITION_TEXTS.replacementFormLabel}>
      <Field label={REQUISITION_TEXTS.replacementKitId} value={kitHashedId} readOnly />
      <Field
        label={REQUISITION_TEXTS.siteNumber}
        inputMode="numeric"
        autoComplete="off"
        readOnly={readOnly}
        error={errors.siteNumber?.message}
        {...form.register('siteNumber')}
      />
      <Field
        label={REQUISITION_TEXTS.subjectId}
        autoComplete="off"
        maxLength={40}
        readOnly={readOnly}
        error={errors.subjectId?.message}
        {...form.register('subjectId')}
      />
      <Field
        label={REQUISITION_TEXTS.replacedKitId}
        hint={REQUISITION_TEXTS.replacedKitHint}
        autoComplete="off"
        maxLength={64}
        readOnly={readOnly}
        error={errors.replacedKitHashedId?.message}
        {...form.register('replacedKitHashedId')}
      />
      {submit.error ? (
        <Alert tone="error">{REQUISITION_MESSAGES.submitFailed(submit.error.message)}</Alert>
      ) : null}
      <div className="form-actions">
        <Button type="submit" busy={submit.isPending} disabled={readOnly}>
          {REQUISITION_TEXTS.submit}
        </Button>
      </div>
    </form>
  );
}
