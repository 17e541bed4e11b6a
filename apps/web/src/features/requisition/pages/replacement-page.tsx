import { REQUISITION_MESSAGES } from '@portal/domain';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { useKitInfo } from '../api.ts';
import { ReplacementForm } from '../components/replacement-form.tsx';
import { REQUISITION_TEXTS } from '../requisition-texts.ts';

/** The public page `/replacement/:kitHashedId` that site staff open by scanning a replacement kit. */
export function ReplacementPage() {
  const { kitHashedId = '' } = useParams();
  const info = useKitInfo(kitHashedId, 'replacement-form');
  const [submitted, setSubmitted] = useState<string | null>(null);
  if (info.isPending || info.isFetching) return <Loading />;
  return (
    <div className="recruitment-card requisition-card">
      <h1>{REQUISITION_TEXTS.replacementHeading}</h1>
      {info.isError ? (
        <Alert tone="error">{REQUISITION_MESSAGES.kitInfoFailed(info.error.message)}</Alert>
      ) : (
        <p>
          {REQUISITION_TEXTS.siteLine}: {info.data.site.name}
        </p>
      )}
      {submitted ? <Alert tone="success">{submitted}</Alert> : null}
      <ReplacementForm
        key={info.dataUpdatedAt}
        kitHashedId={kitHashedId}
        info={info.data ?? null}
        onSubmitted={(message) => {
          setSubmitted(message);
          void info.refetch();
        }}
      />
    </div>
  );
}
