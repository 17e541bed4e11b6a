import { DATA_RIGHTS_TEXTS, type DataExport, dataExportSchema, dataExportsSchema } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { apiRequest } from '../../../lib/api-client.ts';
import { downloadFile } from '../../../lib/download.ts';
import { errorText } from '../../../lib/error-text.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { CloseAccountSection } from './close-account-section.tsx';
import { StaffActionsSection } from './staff-actions-section.tsx';
import { SupportViewsSection } from './support-views-section.tsx';

const T = DATA_RIGHTS_TEXTS;

/** The person's data exports, newest first; polled while the newest is being prepared. */
function useDataExports() {
  const { userId } = useSession();
  return useQuery({
    queryKey: ['data-exports', userId],
    queryFn: ({ signal }) => apiRequest('/me/exports', { auth: 'required', signal }, dataExportsSchema),
    enabled: userId !== null,
    refetchInterval: (query) => (query.state.data?.exports[0]?.state === 'QUEUED' ? 2000 : false),
  });
}

function ExportState({ latest }: { latest: DataExport }) {
  const download = useMutation({
    mutationFn: () =>
      downloadFile(
        `/me/exports/${latest.id}/download`,
        `my-data-${latest.createdAt.slice(0, 10)}.zip`,
        'application/zip',
      ),
  });
  switch (latest.state) {
    case 'QUEUED':
      return (
        <p role="status" aria-live="polite">
          {T.queued}
        </p>
      );
    case 'READY':
      return (
        <>
          <Alert tone="success">{T.ready(formatDateTime(latest.expiresAt ?? latest.createdAt))}</Alert>
          <Button variant="secondary" onClick={() => download.mutate()} disabled={download.isPending}>
            {T.download}
          </Button>
          {download.isError ? <Alert tone="error">{errorText(download.error)}</Alert> : null}
        </>
      );
    case 'FAILED':
      return <Alert tone="error">{T.failed}</Alert>;
    default:
      return <p>{T.expired}</p>;
  }
}

/**
 * "Your data" on My Profile (issue 23): ask for a copy of everything the portal holds, follow its
 * preparation, and download the ZIP once ready (for 7 days, signed in: the file needs the bearer token);
 * see who viewed it (the support views of the account) and what staff did on the account.
 */
export function YourDataSection() {
  const headingId = useId();
  const { userId } = useSession();
  const queryClient = useQueryClient();
  const exports = useDataExports();
  const form = useForm();
  const request = useMutation({
    mutationFn: () => apiRequest('/me/exports', { method: 'POST', auth: 'required' }, dataExportSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['data-exports', userId] }),
  });
  const latest = exports.data?.exports[0];
  const preparing = latest?.state === 'QUEUED';
  return (
    <section id="your-data" className="card profile-section your-data" aria-labelledby={headingId}>
      <h2 id={headingId}>{T.sectionTitle}</h2>
      <p>{T.sectionIntro}</p>
      {latest ? <ExportState latest={latest} /> : null}
      <form onSubmit={form.handleSubmit(() => request.mutateAsync().catch(() => undefined))}>
        <Button type="submit" disabled={preparing || request.isPending}>
          {T.request}
        </Button>
      </form>
      {request.isError ? <Alert tone="error">{errorText(request.error)}</Alert> : null}
      {request.isSuccess && preparing ? <p>{T.requested}</p> : null}
      <SupportViewsSection />
      <StaffActionsSection />
      <CloseAccountSection />
    </section>
  );
}
