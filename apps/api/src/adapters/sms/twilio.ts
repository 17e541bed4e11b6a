import crypto from 'node:crypto';
import twilio from 'twilio';

/**
 * Texts through Twilio (issue 35 item 4, decision 060): the official SDK sends a message with the
 * account's keys (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN) from TWILIO_FROM. Without the keys there is no
 * provider and texts stay in the SMS outbox, which the dev mailbox shows.
 */
export type SmsProvider = {
  name: string;
  /** Sends one text; answers the provider's id of the message. Throws SmsSendError when refused. */
  send(to: string, body: string): Promise<{ id: string }>;
};

/** Where Twilio posts a text's delivery status (features/sms serves it). */
export const SMS_STATUS_PATH = '/api/sms/twilio/status';

/** A refused send: `permanent` when trying again cannot help (a bad or unsubscribed number, 4xx). */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/**
 * `statusCallback`: the portal's address that Twilio posts each text's delivery status to (delivered,
 * undelivered, failed), signed as the reply webhook is.
 */
export function twilioProvider(
  keys: { accountSid: string; authToken: string; from: string },
  statusCallback?: string,
  /** The SDK's HTTP client, for a test that reads what is posted to Twilio. */
  httpClient?: NonNullable<Parameters<typeof twilio>[2]>['httpClient'],
): SmsProvider {
  const client = twilio(keys.accountSid, keys.authToken, {
    autoRetry: false,
    timeout: 15_000,
    ...(httpClient ? { httpClient } : {}),
  });
  const from = {
    ...(keys.from.startsWith('MG') ? { messagingServiceSid: keys.from } : { from: keys.from }),
    ...(statusCallback ? { statusCallback } : {}),
  };
  return {
    name: 'twilio',
    async send(to, body) {
      try {
        const message = await client.messages.create({ to, body, ...from });
        return { id: message.sid };
      } catch (error) {
        const e = error as { status?: number; code?: number; message?: string };
        const status = Number(e.status);
        // 4xx: the request or the number is refused for good (21211 invalid, 21610 replied STOP); 429
        // and 5xx are worth another try.
        const permanent = status >= 400 && status < 500 && status !== 429;
        throw new SmsSendError(`Twilio ${e.code ?? status}: ${e.message ?? 'send failed'}`, permanent);
      }
    },
  };
}

/**
 * Twilio's X-Twilio-Signature of a webhook: HMAC-SHA1 with the auth token of the full URL Twilio
 * called, followed by each POST parameter's name and value, sorted by name; base64.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return crypto.createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/** Whether a webhook's signature is Twilio's for this URL and these parameters (constant-time compare). */
export function verifyTwilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
  signature: string | undefined,
): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}
