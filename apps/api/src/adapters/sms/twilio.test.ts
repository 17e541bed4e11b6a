import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import twilio from 'twilio';
import { describe, expect, it } from 'vitest';
import { SmsSendError, twilioProvider, twilioSignature, verifyTwilioSignature } from './twilio.ts';

const TOKEN = '12345';
const URL = 'https://portal.example/api/sms/twilio/inbound';
const PARAMS = { From: '+61412345678', To: '+61480000000', Body: 'STOP', MessageSid: 'SM123', NumMedia: '0' };

describe("Twilio's webhook signature", () => {
  it('is HMAC-SHA1 of the URL and the sorted parameters, base64', () => {
    // Worked by hand: the URL, then each name and value in name order.
    const data = `${URL}BodySTOPFrom+61412345678MessageSidSM123NumMedia0To+61480000000`;
    expect(twilioSignature(TOKEN, URL, PARAMS)).toBe(createHmac('sha1', TOKEN).update(data).digest('base64'));
  });

  it("agrees with the official SDK's, for any parameters", () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), fc.string({ maxLength: 40 }), {
          maxKeys: 8,
        }),
        fc.string({ minLength: 8, maxLength: 40 }),
        (params, token) => {
          const signature = twilioSignature(token, URL, params);
          expect(signature).toBe(twilio.getExpectedTwilioSignature(token, URL, params));
          expect(verifyTwilioSignature(token, URL, params, signature)).toBe(true);
          expect(twilio.validateRequest(token, signature, URL, params)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('refuses a missing, forged or other URL, token or parameters signature', () => {
    const good = twilioSignature(TOKEN, URL, PARAMS);
    expect(verifyTwilioSignature(TOKEN, URL, PARAMS, good)).toBe(true);
    expect(verifyTwilioSignature(TOKEN, URL, PARAMS, undefined)).toBe(false);
    expect(verifyTwilioSignature(TOKEN, URL, PARAMS, '')).toBe(false);
    expect(verifyTwilioSignature(TOKEN, URL, PARAMS, `${good}x`)).toBe(false);
    expect(verifyTwilioSignature('other-token', URL, PARAMS, good)).toBe(false);
    expect(verifyTwilioSignature(TOKEN, `${URL}?x=1`, PARAMS, good)).toBe(false);
    expect(verifyTwilioSignature(TOKEN, URL, { ...PARAMS, Body: 'START' }, good)).toBe(false);
  });
});

describe('sending a text through the official SDK', () => {
  const KEYS = { accountSid: 'AC00000000000000000000000000000000', authToken: TOKEN, from: '+61480000000' };
  /** Stands in for Twilio's API: records each request and answers with `status` and `body`. */
  const api = (status: number, body: object) => {
    const requests: { method: string; uri: string; data: Record<string, string> }[] = [];
    const httpClient = {
      request: async (opts: { method: string; uri: string; data: Record<string, string> }) => {
        requests.push(opts);
        return { statusCode: status, body: JSON.stringify(body), headers: {} };
      },
    };
    return { requests, httpClient: httpClient as never };
  };

  it("posts the text with the portal's status callback, and answers Twilio's message id", async () => {
    const { requests, httpClient } = api(201, { sid: 'SM0123', status: 'queued' });
    const provider = twilioProvider(KEYS, 'https://portal.example/api/sms/twilio/status', httpClient);
    expect(await provider.send('+61412345678', 'Your kit is on its way.')).toEqual({ id: 'SM0123' });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.method.toUpperCase()).toBe('POST');
    expect(requests[0]?.uri).toBe(
      `https://api.twilio.com/2010-04-01/Accounts/${KEYS.accountSid}/Messages.json`,
    );
    expect(requests[0]?.data).toMatchObject({
      To: '+61412345678',
      From: '+61480000000',
      Body: 'Your kit is on its way.',
      StatusCallback: 'https://portal.example/api/sms/twilio/status',
    });
  });

  it('sends from a messaging service when TWILIO_FROM names one', async () => {
    const { requests, httpClient } = api(201, { sid: 'SM0124' });
    await twilioProvider({ ...KEYS, from: 'MG0000' }, undefined, httpClient).send('+61412345678', 'Hi');
    expect(requests[0]?.data).toMatchObject({ MessagingServiceSid: 'MG0000' });
    expect(requests[0]?.data).not.toHaveProperty('From');
    expect(requests[0]?.data).not.toHaveProperty('StatusCallback');
  });

  it('a 4xx refusal is permanent, a 429 or 5xx worth another try', async () => {
    const refusal = async (status: number) =>
      twilioProvider(KEYS, undefined, api(status, { code: 21211, message: 'Invalid To', status }).httpClient)
        .send('+61400000000', 'Hi')
        .then(
          () => null,
          (error: unknown) => error,
        );
    const invalid = await refusal(400);
    expect(invalid).toBeInstanceOf(SmsSendError);
    expect(invalid).toMatchObject({ permanent: true, message: 'Twilio 21211: Invalid To' });
    expect(await refusal(429)).toMatchObject({ permanent: false });
    expect(await refusal(503)).toMatchObject({ permanent: false });
  });
});
