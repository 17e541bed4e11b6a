import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import twilio from 'twilio';
import { describe, expect, it } from 'vitest';
import { twilioSignature, verifyTwilioSignature } from './twilio.ts';

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
