import { zodResolver } from '@hookform/resolvers/zod';
import { expressionOfInterestSchema, RECRUITMENT_MESSAGES } from '@portal/domain';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useExpressInterest } from '../api.ts';
import { RECRUITMENT_TEXTS } from '../recruitment-texts.ts';
import { CandidateDetailsFields, type CandidateDetailsValues } from './candidate-details-fields.tsx';

// The person's part of the EOI payload; sendEmail and recruitmentId are added on sending.
const detailsSchema = expressionOfInterestSchema.pick({
  firstName: true,
  lastName: true,
  email: true,
  phoneNumber: true,
});
type Details = z.output<typeof detailsSchema>;

/** Research §8: a 400 means this email already expressed interest; anything else failed. */
const failureText = (error: Error) =>
  error instanceof ApiError && error.status === 400
    ? RECRUITMENT_MESSAGES.eoiDuplicate
    : RECRUITMENT_MESSAGES.saveFailed;

/** First name, last name, email and phone of someone interested in a study. */
export function InterestForm({ recruitmentId }: { recruitmentId: number }) {
  const express = useExpressInterest();
  const form = useForm<CandidateDetailsValues, unknown, Details>({
    resolver: zodResolver(detailsSchema),
    defaultValues: { firstName: '', lastName: '', email: '', phoneNumber: '' },
  });

  const onSubmit = form.handleSubmit((details) =>
    express.mutate({ ...details, sendEmail: 1, recruitmentId }),
  );

  if (express.isSuccess) {
    return (
      <Alert tone="success" title={RECRUITMENT_MESSAGES.eoiSaved}>
        <p>{RECRUITMENT_MESSAGES.eoiValidate}</p>
      </Alert>
    );
  }
  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate aria-label={RECRUITMENT_TEXTS.eoiFormLabel}>
        <CandidateDetailsFields />
        {express.error ? <Alert tone="error">{failureText(express.error)}</Alert> : null}
        <div className="form-actions">
          <Button type="submit" busy={express.isPending}>
            {RECRUITMENT_TEXTS.eoiSubmit}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
