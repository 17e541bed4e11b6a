import type { NotificationKind } from '@portal/domain';
import type { MailKind } from '../../adapters/mail/outbox.ts';

/**
 * The outbox's kind (its quota, decision 043) of the notifications that are not kit progress or a
 * reminder: each keeps the kind its email had before it became a notification (decision 058).
 */
export const NOTIFICATION_MAIL_KINDS: Partial<Record<NotificationKind, MailKind>> = {
  'order-refund': 'order-refund',
  'consent-decision': 'consent-decision',
  'kit-replacement': 'staff-replacement',
  'document-change': 'document-change',
  'handover-young-adult': 'handover',
  'handover-guardian': 'handover',
  'handover-ended': 'handover',
  'report-share': 'report-share',
  'share-locked': 'share-locked',
  'staff-invitation': 'staff-invitation',
  'staff-roles': 'staff-account',
  'staff-enabled': 'staff-account',
  'candidate-invitation': 'candidate-invitation',
};
