import { CANDIDATE_IMPORT_MESSAGES } from '@portal/domain';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError } from '../../../components/ui/field.tsx';
import { useImportCandidates } from '../recruitments-api.ts';

/**
 * STUDY imports candidates from a CSV file (issue 34 item 18): all or nothing, each new candidate emailed
 * the invitation by the console. The last outcome replaces the one before, so messages never pile up.
 */
export function CandidateImport({ recruitmentId }: { recruitmentId: number }) {
  const ids = useId();
  const importing = useImportCandidates(recruitmentId);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    importing.reset();
    if (!file) {
      setProblem(CANDIDATE_IMPORT_MESSAGES.empty);
      return;
    }
    setProblem(null);
    file.text().then(
      (csv) => importing.mutate(csv),
      () => setProblem(CANDIDATE_IMPORT_MESSAGES.empty),
    );
  };

  return (
    <form className="staff-form" onSubmit={submit} noValidate aria-label="Import candidates from a CSV file">
      <div className="field">
        <label htmlFor={`${ids}-file`}>CSV file of candidates</label>
        <p className="field-hint" id={`${ids}-hint`}>
          A header row with email, firstName, lastName and phoneNumber (optional), then one candidate per
          line. Each new candidate gets the invitation email; emails already here are skipped.
        </p>
        <input
          id={`${ids}-file`}
          type="file"
          accept=".csv,text/csv"
          aria-describedby={problem ? `${ids}-hint ${ids}-error` : `${ids}-hint`}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setProblem(null);
            importing.reset();
          }}
        />
        <FieldError id={`${ids}-error`}>{problem}</FieldError>
      </div>
      {importing.data ? <Alert tone="success">{importing.data.message}</Alert> : null}
      {importing.error ? <Alert tone="error">{importing.error.message}</Alert> : null}
      <Button type="submit" variant="secondary" busy={importing.isPending}>
        Import and invite
      </Button>
    </form>
  );
}
