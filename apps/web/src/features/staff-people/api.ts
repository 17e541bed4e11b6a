import {
  type CaseNoteInput,
  type ConsentReview,
  caseNoteSchema,
  caseNotesSchema,
  consentReviewedSchema,
  messageResponseSchema,
  type PersonClosure,
  type PersonExport,
  peoplePageSchema,
  personClosureStartedSchema,
  personExportStartedSchema,
  personPageSchema,
  type StaffReplacement,
  staffEmailSchema,
  staffReplacementResultSchema,
  supportViewTokenSchema,
} from '@portal/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ApiError, freshAccessToken } from '../../lib/api-client.ts';
import { keysetPages, useChangeThenReread } from '../../lib/list-queries.ts';
import { CLIENT_MESSAGES } from '../../lib/messages.ts';
import { staffRequest } from '../../lib/staff.ts';
import { enterSupportView } from '../../lib/support-view-start.ts';

/** The search (q) or the consent forms waiting (consent=pending), a page at a time. */
export function usePeople(search: { q?: string; consent?: 'pending' }) {
  const enabled = Boolean(search.q?.trim()) || search.consent === 'pending';
  return useInfiniteQuery({
    queryKey: ['staff', 'people', search],
    queryFn: ({ pageParam }) =>
      staffRequest(
        `/people?${new URLSearchParams({
          ...(search.q ? { q: search.q } : {}),
          ...(search.consent ? { consent: search.consent } : {}),
          ...(pageParam ? { after: pageParam } : {}),
        }).toString()}`,
        {},
        peoplePageSchema,
      ),
    ...keysetPages,
    enabled,
  });
}

const personKey = (id: string) => ['staff', 'person', id] as const;

export function usePerson(id: string) {
  return useQuery({
    queryKey: personKey(id),
    queryFn: () => staffRequest(`/people/${id}`, {}, personPageSchema),
  });
}

/** An action on the person; their page is read again afterwards (its access log has the action). */
const usePersonAction = <V, R>(id: string, send: (value: V) => Promise<R>) =>
  useChangeThenReread(personKey(id), send, { rereadOnError: true });

export const useSendVerification = (id: string) =>
  usePersonAction(id, () =>
    staffRequest(`/people/${id}/verification-email`, { method: 'POST' }, messageResponseSchema),
  );

export const useSendPasswordReset = (id: string) =>
  usePersonAction(id, () =>
    staffRequest(`/people/${id}/password-reset`, { method: 'POST' }, messageResponseSchema),
  );

export const useReviewConsent = (id: string) =>
  usePersonAction(id, (review: ConsentReview) =>
    staffRequest(`/people/${id}/consent-review`, { method: 'POST', body: review }, consentReviewedSchema),
  );

/** The person's export, for a request by phone: they get the email and download it; staff never do. */
export const useStartExport = (id: string) =>
  usePersonAction(id, (request: PersonExport) =>
    staffRequest(`/people/${id}/export`, { method: 'POST', body: request }, personExportStartedSchema),
  );

/** The person's closure, for a request by phone, with the scope they chose. */
export const useCloseAccount = (id: string) =>
  usePersonAction(id, (closure: PersonClosure) =>
    staffRequest(`/people/${id}/closure`, { method: 'POST', body: closure }, personClosureStartedSchema),
  );

/** A replacement kit ordered on the person's behalf for a kit whose sample failed (free, emailed). */
export const useOrderReplacement = (id: string) =>
  usePersonAction(id, (replacement: StaffReplacement) =>
    staffRequest('/replacements', { method: 'POST', body: replacement }, staffReplacementResultSchema),
  );

const notesKey = (id: string) => ['staff', 'person', id, 'notes'] as const;

/** Support's case notes on the person, newest first. */
export function useCaseNotes(id: string) {
  return useQuery({
    queryKey: notesKey(id),
    queryFn: () => staffRequest(`/people/${id}/notes`, {}, caseNotesSchema),
  });
}

/** Adds a case note; the notes (and the person's access log) are read again. */
export const useAddCaseNote = (id: string) =>
  usePersonAction(id, (note: CaseNoteInput) =>
    staffRequest(`/people/${id}/notes`, { method: 'POST', body: note }, caseNoteSchema),
  );

/** Opens the person's portal read-only in this tab (Trust); their banner leads back. */
export async function openSupportView(id: string, email: string): Promise<void> {
  const view = await staffRequest(`/people/${id}/support-view`, { method: 'POST' }, supportViewTokenSchema);
  // "Return to my account" comes back to this page, not to the portal's Support page.
  enterSupportView(view, email, `/staff/people/${id}`);
}

/** Only the types the server accepts for a consent form are shown; anything else is refused here too. */
const SHOWN_TYPES = new Set(['application/pdf', 'image/png', 'image/jpeg']);

/** The consent form's bytes as an object URL to show inline (the request needs the token). */
export async function consentFormUrl(id: string): Promise<string> {
  const token = await freshAccessToken();
  let response: Response;
  try {
    response = await fetch(`/api/staff/people/${id}/consent-form`, {
      headers: { Authorization: `Bearer ${token}` },
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, CLIENT_MESSAGES.network, 'NETWORK_ERROR');
  }
  const type = response.headers.get('content-type')?.split(';')[0] ?? '';
  if (!response.ok || !SHOWN_TYPES.has(type)) {
    const body = (await response.json().catch(() => null)) as { message?: string; code?: string } | null;
    throw new ApiError(response.status, body?.message ?? CLIENT_MESSAGES.unexpected, body?.code ?? 'UNKNOWN');
  }
  return URL.createObjectURL(new Blob([await response.arrayBuffer()], { type }));
}

/** One email sent to the person, read by support (audited): its text and status. */
export function usePersonEmail(id: string, mailId: number | null) {
  return useQuery({
    queryKey: ['staff', 'person', id, 'email', mailId],
    queryFn: () => staffRequest(`/people/${id}/emails/${mailId}`, {}, staffEmailSchema),
    enabled: mailId !== null,
  });
}

/** Sends one email to the person again (audited). */
export const useResendEmail = (id: string) =>
  usePersonAction(id, (mailId: number) =>
    staffRequest(`/people/${id}/emails/${mailId}/resend`, { method: 'POST' }, messageResponseSchema),
  );
