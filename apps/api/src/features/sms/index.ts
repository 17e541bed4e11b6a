/** Texts (issue 35 item 4): a person's mobile number and choice, and the provider's reply webhook. */
export { SMS_RATE_LIMITS, smsRoutes } from './sms.routes.ts';
