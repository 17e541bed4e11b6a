/**
 * What other features may use of notifications/ (the rest is its own; architecture.test.ts): telling a
 * person something (notify, or notifyAddress for someone with no account), scheduling and cancelling reminders, and a person's messages for staff.
 */

export { notificationsAdminRoutes } from './notifications.admin.routes.ts';
export { notificationsRoutes } from './notifications.routes.ts';
export { notificationsOf } from './notifications.service.ts';
export { NOT_SENT, type NotifyCtx, notify } from './notify.ts';
export { notifyAddress } from './notify-address.ts';
export {
  cancelReminders,
  hasPendingReminders,
  REMINDER_QUEUE,
  scheduleReminder,
  subjectKeyOf,
} from './reminders.ts';
