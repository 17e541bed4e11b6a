/**
 * What the composition uses of reminders/ (architecture.test.ts): its jobs and its admin routes. Other
 * features schedule and cancel reminders through notifications/.
 */
export { remindersAdminRoutes } from './reminders.admin.routes.ts';
export { reminderJobs, runDueReminders, runReminder } from './reminders.service.ts';
