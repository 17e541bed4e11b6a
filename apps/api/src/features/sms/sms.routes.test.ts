import {
  ERROR_CODES,
  type NotificationList,
  SMS_MESSAGES,
  type SmsSettings,
  SUPPORT_VIEW_READ_ONLY,
} from '@portal/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverSms } from '../../adapters/sms/dispatcher.ts';
import { SMS_NOT_SENT, SMS_QUEUE, SMS_QUOTAS } from '../../adapters/sms/outbox.ts';
import { notificationDeliveries, smsOutbox, smsPhones, users } from '../../db/schema/index.ts';
import {
  bearer,
  createKit,
  createTestApp,
  must,
  ops,
  signedInUser,
  type TestApp,
} from '../../test/helpers.ts';
import { notify } from '../notifications/index.ts';

const AUTH_TOKEN = 'test-twilio-auth-token-0123456789';
const TWILIO_NUMBER = '+61480000000';
const WEBHOOK = '/api/sms/twilio/inbound';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000',
    TWILIO_AUTH_TOKEN: AUTH_TOKEN,
    TWILIO_FROM: TWILIO_NUMBER,
  });
});
afterAll(() => t.close());

/** Each call from an address of its own: the per-address limits are the rate-limit suite's. */
let address = 0;
const from = () => ({ remoteAddress: `10.9.${Math.floor(address / 250)}.${(address++ % 250) + 1}` });

type Answer = SmsSettings & { message?: string; code?: string };
const call = async (
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  token: string,
  payload?: object,
) => {
  const res = await t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
    ...from(),
  });
  return { status: res.statusCode, body: res.json() as Answer };
};
const settings = (token: string) => call('GET', '/api/me/sms', token);
const addPhone = (token: string, phone: string) => call('PUT', '/api/me/sms/phone', token, { phone });
const verify = (token: string, code: string) => call('POST', '/api/me/sms/verify', token, { code });
const optIn = (token: string, on: boolean) => call('PUT', '/api/me/sms/opt-in', token, { optIn: on });

/** The texts the outbox holds for a number, newest first. */
const textsTo = (phone: string) =>
  t.database.db.select().from(smsOutbox).where(eq(smsOutbox.to, phone)).orderBy(desc(smsOutbox.id));
/** The code of the last text to a number, read as the person reads it. */
async function lastCode(phone: string) {
  const [text] = await textsTo(phone);
  return must(text?.body.match(/^(\d{6}) is your/)?.[1], 'a code in the last text');
}
const phoneRow = async (userId: string) =>
  (await t.database.db.select().from(smsPhones).where(eq(smsPhones.userId, userId)))[0];

let numbers = 0;
/** A fresh Australian mobile for each person, so the per-number quotas stay each test's own. */
const newMobile = () => {
  const n = String(((Date.now() % 10_000) * 100 + numbers++) % 1_000_000).padStart(6, '0');
  return { typed: `0412 ${n.slice(0, 3)} ${n.slice(3)}`, e164: `+61412${n}` };
};

/** A person with a checked mobile and texts on. */
async function textingPerson(state = 'QLD') {
  const person = await signedInUser(t.app);
  await t.database.db.update(users).set({ state }).where(eq(users.id, person.id));
  const mobile = newMobile();
  expect((await addPhone(person.accessToken, mobile.typed)).status).toBe(200);
  expect((await verify(person.accessToken, await lastCode(mobile.e164))).status).toBe(200);
  expect((await optIn(person.accessToken, true)).body.optIn).toBe(true);
  return { ...person, mobile };
}

const smsDeliveriesOf = (notificationId: number) =>
  t.database.db
    .select()
    .from(notificationDeliveries)
    .where(
      and(
        eq(notificationDeliveries.notificationId, notificationId),
        eq(notificationDeliveries.channel, 'SMS'),
      ),
    );

/** A parental-consent reminder to `userId` (a text kind), at `now`: the notification. */
const remind = (userId: string, now?: Date) =>
  t.database.db.transaction(async (tx) =>
    must(
      await notify(t.app.ctx, tx, userId, { kind: 'reminder-parental-consent' }, now ? { now } : {}),
      'a notification',
    ),
  );

/** A form posted to one of Twilio's webhooks as Twilio does, signed by the official SDK (or `signature`). */
const postSigned = (url: string, params: Record<string, string>, signature?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature':
        signature ?? twilio.getExpectedTwilioSignature(AUTH_TOKEN, `http://localhost:3000${url}`, params),
    },
    payload: new URLSearchParams(params).toString(),
    ...from(),
  });

describe('a mobile number for texts', () => {
  it('refuses a number that is not an Australian or New Zealand mobile with the spec message, changing nothing', async () => {
    const person = await signedInUser(t.app);
    for (const phone of ['02 9999 9999', '1300 974 621', '+1 415 555 2671', '0412 345', 'not a phone', '']) {
      const res = await addPhone(person.accessToken, phone);
      expect(res.status, phone).toBe(400);
      expect(res.body.message, phone).toBe('Field Mobile number is invalid phone number.');
    }
    expect(await phoneRow(person.id)).toBeUndefined();
    expect((await settings(person.accessToken)).body).toMatchObject({
      phone: null,
      verified: false,
      optIn: false,
    });
  });

  it('texts a 6-digit code; a wrong code is told with the tries left; the right one checks the number; texts stay off until switched on', async () => {
    const person = await signedInUser(t.app);
    const nz = '+64 21 123 4567';
    const added = await addPhone(person.accessToken, nz);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body).toMatchObject({
      phone: '+64211234567',
      verified: false,
      optIn: false,
      codePending: true,
    });
    expect(added.body.message).toBe(
      'We have texted a 6-digit code to +64 21 123 4567. Please enter it below.',
    );
    const code = await lastCode('+64211234567');
    // Opting in before the check is refused and changes nothing.
    const early = await optIn(person.accessToken, true);
    expect(early.status).toBe(400);
    expect(early.body.message).toBe(SMS_MESSAGES.notVerified);
    expect((await phoneRow(person.id))?.optIn).toBe(false);

    const wrong = await verify(person.accessToken, code === '000000' ? '111111' : '000000');
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(SMS_MESSAGES.wrongCode(4));
    expect((await verify(person.accessToken, '12ab')).body.message).toBe(SMS_MESSAGES.codeFormat);

    const right = await verify(person.accessToken, code);
    expect(right.status).toBe(200);
    expect(right.body).toMatchObject({
      verified: true,
      optIn: false,
      codePending: false,
      message: SMS_MESSAGES.verified,
    });
    // The code is spent.
    expect((await verify(person.accessToken, code)).body.message).toBe(SMS_MESSAGES.noCode);

    const on = await optIn(person.accessToken, true);
    expect(on.body).toMatchObject({ optIn: true, message: SMS_MESSAGES.optedIn });
    expect((await optIn(person.accessToken, false)).body.optIn).toBe(false);
    // The code is kept as a keyed hash, never as typed.
    expect((await phoneRow(person.id))?.codeHash).toBeNull();
  });

  it('locks the number for an hour after 5 wrong codes: even the right code, a new code or removing it is refused', async () => {
    const person = await signedInUser(t.app);
    const mobile = newMobile();
    await addPhone(person.accessToken, mobile.typed);
    const code = await lastCode(mobile.e164);
    const wrongCode = code === '999999' ? '888888' : '999999';
    for (let i = 1; i <= 4; i++) {
      const res = await verify(person.accessToken, wrongCode);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(SMS_MESSAGES.wrongCode(5 - i));
    }
    const fifth = await verify(person.accessToken, wrongCode);
    expect(fifth.status).toBe(429);
    expect(fifth.body.code).toBe(ERROR_CODES.accountLocked);
    expect(fifth.body.message).toMatch(
      /^Too many wrong codes: this number is locked for an hour\. Please try again after \d\d\/\d\d\/\d{4} \d\d:\d\d AE[SD]T\.$/,
    );
    const locked = must(await phoneRow(person.id), 'the number');
    expect(locked.lockedUntil?.getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);

    expect((await verify(person.accessToken, code)).status).toBe(429);
    expect((await addPhone(person.accessToken, mobile.typed)).status).toBe(429);
    expect((await addPhone(person.accessToken, newMobile().typed)).status).toBe(429);
    expect((await call('DELETE', '/api/me/sms/phone', person.accessToken)).status).toBe(429);
    expect(await phoneRow(person.id)).toEqual(locked);
    expect((await settings(person.accessToken)).body).toMatchObject({
      verified: false,
      lockedUntil: locked.lockedUntil?.toISOString(),
    });

    // An hour later (the lock's time moved back, as the clock would move on) a new code can be sent.
    await t.database.db
      .update(smsPhones)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(smsPhones.userId, person.id));
    expect((await addPhone(person.accessToken, mobile.typed)).status).toBe(200);
    expect((await verify(person.accessToken, await lastCode(mobile.e164))).body.verified).toBe(true);
  });

  it('holds codes to a number to its quota an hour: past it nothing changes and the last code still works', async () => {
    const person = await signedInUser(t.app);
    const mobile = newMobile();
    for (let i = 0; i < SMS_QUOTAS['verify-code']; i++)
      expect((await addPhone(person.accessToken, mobile.typed)).status).toBe(200);
    const code = await lastCode(mobile.e164);
    const before = await phoneRow(person.id);
    const over = await addPhone(person.accessToken, mobile.typed);
    expect(over.status).toBe(429);
    expect(over.body.message).toBe(SMS_MESSAGES.tooManyCodes);
    expect(await phoneRow(person.id)).toEqual(before);
    expect(await textsTo(mobile.e164)).toHaveLength(SMS_QUOTAS['verify-code']);
    expect((await verify(person.accessToken, code)).body.verified).toBe(true);
  });

  it("answers a stranger about their own number only, and refuses a support view's changes", async () => {
    const owner = await textingPerson();
    const stranger = await signedInUser(t.app);
    const seen = await settings(stranger.accessToken);
    expect(seen.body.phone).toBeNull();
    expect(JSON.stringify(seen.body)).not.toContain(owner.mobile.e164);

    const support = await signedInUser(t.app, { authorities: ['IMPERSONATE'] });
    const view = await t.app.inject({
      method: 'POST',
      url: '/api/auth/impersonate',
      headers: bearer(support.accessToken),
      payload: { username: owner.email },
    });
    const viewToken = view.json().access_token as string;
    expect((await settings(viewToken)).body).toMatchObject({ phone: owner.mobile.e164, optIn: true });
    const before = await phoneRow(owner.id);
    for (const [method, url, payload] of [
      ['PUT', '/api/me/sms/phone', { phone: '0412 000 111' }],
      ['POST', '/api/me/sms/verify', { code: '123456' }],
      ['PUT', '/api/me/sms/opt-in', { optIn: false }],
      ['DELETE', '/api/me/sms/phone', undefined],
    ] as const) {
      const res = await call(method, url, viewToken, payload);
      expect(res.status, url).toBe(403);
      expect(res.body.message).toBe(SUPPORT_VIEW_READ_ONLY);
    }
    expect(await phoneRow(owner.id)).toEqual(before);
  });
});

describe('texts as a second channel', () => {
  it('texts a kit dispatch to a person who switched texts on, with its delivery beside the email; none to anyone else', async () => {
    const texting = await textingPerson();
    const silent = await signedInUser(t.app);
    for (const person of [texting, silent]) {
      const kit = await createKit(t.app, { ownerEmail: person.email });
      for (const kitStatus of ['REQUESTED', 'DISPATCHED_BY_LAB'])
        expect(
          (
            await t.app.inject({
              method: 'PATCH',
              url: `/api/admin/kits/${kit.id}`,
              headers: ops,
              payload: { kitStatus },
            })
          ).statusCode,
        ).toBe(200);
    }
    const [text] = await textsTo(texting.mobile.e164);
    expect(text).toMatchObject({ kind: 'kit-progress', userId: texting.id, withheld: false });
    expect(text?.body).toMatch(
      /^Microbiome Lab: Your Microbiome Lab kit is on its way\. http:\/\/localhost:3000\/kits\?scrollingPosition=kit-\d+ Reply STOP to stop texts\.$/,
    );
    const [delivery] = await smsDeliveriesOf(must(text?.notificationId, 'the notification'));
    expect(delivery?.status).toBe('QUEUED');
    // Its job waits for the text's time (now, or 08:00 after quiet hours).
    const job = await t.database.db.execute(
      sql`select start_after from pgboss.job where name = ${SMS_QUEUE} and (data->>'smsId')::bigint = ${text?.id}`,
    );
    const [jobRow] = (job as unknown as { rows: { start_after: Date }[] }).rows;
    expect(new Date(must(jobRow, 'the job').start_after).getTime()).toBe(text?.sendAfter.getTime());

    // Without Twilio's keys the job leaves the text in the outbox, and says so.
    await deliverSms(t.database.db, null, must(text?.id, 'the text'));
    expect((await smsDeliveriesOf(must(text?.notificationId, 'id')))[0]).toMatchObject({
      status: 'HELD',
      detail: SMS_NOT_SENT.noProvider,
    });

    // Only kinds that are short and transactional go by text: the kit-requested message did not.
    const kinds = await t.database.db.execute(
      sql`select n.kind from notifications n join notification_deliveries d on d.notification_id = n.id
          where n.user_id = ${texting.id} and d.channel = 'SMS'`,
    );
    expect((kinds as unknown as { rows: { kind: string }[] }).rows.map((r) => r.kind)).toEqual([
      'kit-dispatched',
    ]);
    const silentTexts = await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.userId, silent.id));
    expect(silentTexts).toEqual([]);
  });

  it("defers a text due in quiet hours to 08:00 in the person's time zone (their state), and sends a daytime one at once", async () => {
    const perth = await textingPerson('WA');
    const sydney = await textingPerson('NSW');
    const send = (userId: string, now: Date) => remind(userId, now);
    const cases = [
      // 22:00 in Perth (UTC+8): 08:00 next morning there.
      { person: perth, now: '2026-06-01T14:00:00Z', due: '2026-06-02T00:00:00.000Z' },
      // 06:30 in Perth: 08:00 the same morning.
      { person: perth, now: '2026-06-01T22:30:00Z', due: '2026-06-02T00:00:00.000Z' },
      // 21:30 in a Sydney summer (AEDT, UTC+11): 08:00 AEDT next morning.
      { person: sydney, now: '2026-01-15T10:30:00Z', due: '2026-01-15T21:00:00.000Z' },
      // 10:00 in Perth: at once.
      { person: perth, now: '2026-06-01T02:00:00Z', due: '2026-06-01T02:00:00.000Z' },
    ];
    for (const c of cases) {
      const notification = await send(c.person.id, new Date(c.now));
      const [text] = await t.database.db
        .select()
        .from(smsOutbox)
        .where(eq(smsOutbox.notificationId, notification.id));
      expect(text?.sendAfter.toISOString(), c.now).toBe(c.due);
      const job = await t.database.db.execute(
        sql`select start_after from pgboss.job where name = ${SMS_QUEUE} and (data->>'smsId')::bigint = ${text?.id}`,
      );
      const [jobRow] = (job as unknown as { rows: { start_after: Date }[] }).rows;
      expect(new Date(must(jobRow, 'the job').start_after).toISOString(), c.now).toBe(c.due);
      const [delivery] = await smsDeliveriesOf(notification.id);
      expect(delivery?.status).toBe('QUEUED');
      if (c.due === new Date(c.now).toISOString()) expect(delivery?.detail).toBeNull();
      else
        expect(delivery?.detail).toMatch(/^Due at \d\d\/\d\d\/\d{4} 08:00 (AWST|AEDT), after quiet hours\.$/);
    }
  });

  it('holds texts to a number to its quota an hour: past it the text is withheld and its delivery says so', async () => {
    const person = await textingPerson();
    const ids: number[] = [];
    for (let i = 0; i <= SMS_QUOTAS.reminder; i++)
      ids.push((await remind(person.id, new Date('2026-06-01T02:00:00Z'))).id);
    const statuses = [];
    for (const id of ids) statuses.push((await smsDeliveriesOf(id))[0]?.status);
    expect(statuses).toEqual([...Array(SMS_QUOTAS.reminder).fill('QUEUED'), 'WITHHELD']);
    const texts = await textsTo(person.mobile.e164);
    expect(texts.filter((x) => x.kind === 'reminder' && !x.withheld)).toHaveLength(SMS_QUOTAS.reminder);
    expect(texts.find((x) => x.withheld)?.body).toBe('');
  });
});

describe("Twilio's webhook for replies", () => {
  /** A reply as Twilio posts it (recorded shape), from `phone`, saying `body`. */
  const reply = (phone: string, body: string) => ({
    ToCountry: 'AU',
    ToState: '',
    SmsMessageSid: 'SM2b8b2b8b2b8b2b8b2b8b2b8b2b8b2b8b',
    NumMedia: '0',
    ToCity: '',
    FromZip: '',
    SmsSid: 'SM2b8b2b8b2b8b2b8b2b8b2b8b2b8b2b8b',
    FromState: '',
    SmsStatus: 'received',
    FromCity: '',
    Body: body,
    FromCountry: 'AU',
    To: TWILIO_NUMBER,
    ToZip: '',
    NumSegments: '1',
    MessageSid: 'SM2b8b2b8b2b8b2b8b2b8b2b8b2b8b2b8b',
    AccountSid: 'AC00000000000000000000000000000000',
    From: phone,
    ApiVersion: '2010-04-01',
  });
  const post = (params: Record<string, string>, signature?: string) => postSigned(WEBHOOK, params, signature);

  it('STOP switches texts off and START on again; a bad or missing signature is refused with 403 and changes nothing', async () => {
    const person = await textingPerson();
    const before = await phoneRow(person.id);

    const forged = await post(reply(person.mobile.e164, 'STOP'), 'bm90IGEgc2lnbmF0dXJl');
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toBe('The request is not signed by the SMS provider.');
    // Signed for other words than those sent.
    const signedStart = twilio.getExpectedTwilioSignature(
      AUTH_TOKEN,
      `http://localhost:3000${WEBHOOK}`,
      reply(person.mobile.e164, 'START'),
    );
    expect((await post(reply(person.mobile.e164, 'STOP'), signedStart)).statusCode).toBe(403);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(reply(person.mobile.e164, 'STOP')).toString(),
      ...from(),
    });
    expect(unsigned.statusCode).toBe(403);
    expect(await phoneRow(person.id)).toEqual(before);

    const stop = await post(reply(person.mobile.e164, ' stop '));
    expect(stop.statusCode).toBe(200);
    expect(stop.headers['content-type']).toMatch(/^text\/xml/);
    expect(stop.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    expect((await settings(person.accessToken)).body).toMatchObject({
      optIn: false,
      stoppedByReply: true,
      verified: true,
    });

    // No text while stopped: the next dispatch-like message goes to the inbox and email only.
    const stopped = await remind(person.id);
    expect(await smsDeliveriesOf(stopped.id)).toEqual([]);

    // Another reply changes nothing.
    expect((await post(reply(person.mobile.e164, 'Thanks!'))).statusCode).toBe(200);
    expect((await settings(person.accessToken)).body.optIn).toBe(false);

    const start = await post(reply(person.mobile.e164, 'START'));
    expect(start.statusCode).toBe(200);
    expect((await settings(person.accessToken)).body).toMatchObject({ optIn: true, stoppedByReply: false });
  });

  it('a STOP while a text waits for 08:00 wins: the text is not sent', async () => {
    const person = await textingPerson('WA');
    const notification = await remind(person.id, new Date('2026-06-01T14:00:00Z'));
    expect((await post(reply(person.mobile.e164, 'STOP'))).statusCode).toBe(200);
    const [text] = await t.database.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.notificationId, notification.id));
    await deliverSms(t.database.db, null, must(text, 'the text').id);
    expect((await smsDeliveriesOf(notification.id))[0]).toMatchObject({
      status: 'SKIPPED',
      detail: SMS_NOT_SENT.switchedOff,
    });
  });
});

describe("Twilio's status callback", () => {
  const STATUS = '/api/sms/twilio/status';
  let sids = 0;
  /** Stands in for Twilio: takes each text and answers a message id of its own. */
  const provider = { name: 'twilio', send: async () => ({ id: `SM${String(++sids).padStart(32, '0')}` }) };
  /** A status callback as Twilio posts it (recorded shape). */
  const callback = (sid: string, status: string, errorCode?: string) => ({
    AccountSid: 'AC00000000000000000000000000000000',
    ApiVersion: '2010-04-01',
    From: TWILIO_NUMBER,
    MessageSid: sid,
    MessageStatus: status,
    SmsSid: sid,
    SmsStatus: status,
    ...(errorCode ? { ErrorCode: errorCode } : {}),
  });
  const post = (params: Record<string, string>, signature?: string) => postSigned(STATUS, params, signature);
  /** A reminder texted to `person` and handed to Twilio: its notification, and Twilio's id of it. */
  async function sentText(person: { id: string }) {
    const notification = await remind(person.id, new Date('2026-06-01T02:00:00Z'));
    const [text] = await t.database.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.notificationId, notification.id));
    await deliverSms(t.database.db, provider, must(text, 'the text').id);
    const [sent] = await t.database.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.id, must(text, 'the text').id));
    expect((await smsDeliveriesOf(notification.id))[0]?.status).toBe('SENT');
    return { notification, sid: must(sent?.providerId, "Twilio's id") };
  }

  it('delivered marks the text Delivered; a late "sent" does not undo it; a forged one is refused and changes nothing', async () => {
    const person = await textingPerson();
    const { notification, sid } = await sentText(person);

    const forged = await post(callback(sid, 'delivered'), 'bm90IGEgc2lnbmF0dXJl');
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toBe('The request is not signed by the SMS provider.');
    expect((await smsDeliveriesOf(notification.id))[0]?.status).toBe('SENT');

    expect((await post(callback(sid, 'sent'))).statusCode).toBe(200);
    expect((await smsDeliveriesOf(notification.id))[0]?.status).toBe('SENT');
    const delivered = await post(callback(sid, 'delivered'));
    expect(delivered.statusCode).toBe(200);
    expect(delivered.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    expect((await smsDeliveriesOf(notification.id))[0]).toMatchObject({ status: 'DELIVERED', detail: null });
    expect((await post(callback(sid, 'sent'))).statusCode).toBe(200);
    expect((await smsDeliveriesOf(notification.id))[0]?.status).toBe('DELIVERED');
    const [row] = await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.providerId, sid));
    expect(row?.providerStatus).toBe('delivered');

    // The person sees it in their inbox as delivered by text.
    const inbox = await t.app.inject({
      method: 'GET',
      url: '/api/me/notifications',
      headers: bearer(person.accessToken),
    });
    const shown = (inbox.json() as NotificationList).notifications.find((n) => n.id === notification.id);
    expect(shown?.deliveries).toContainEqual(
      expect.objectContaining({ channel: 'SMS', status: 'DELIVERED' }),
    );

    // An id Twilio never had from the portal changes nothing.
    expect(
      (await post(callback('SM99999999999999999999999999999999', 'undelivered', '30005'))).statusCode,
    ).toBe(200);
  });

  it("undelivered marks it Bounced with the carrier's reason; a number that replied STOP to the sender has texts switched off", async () => {
    const person = await textingPerson();
    const first = await sentText(person);
    expect((await post(callback(first.sid, 'undelivered', '30005'))).statusCode).toBe(200);
    expect((await smsDeliveriesOf(first.notification.id))[0]).toMatchObject({
      status: 'BOUNCED',
      detail: 'Not delivered to the phone: the number is unknown or no longer in use (Twilio error 30005).',
    });
    expect((await settings(person.accessToken)).body.optIn).toBe(true);

    const second = await sentText(person);
    expect((await post(callback(second.sid, 'failed', '21610'))).statusCode).toBe(200);
    expect((await smsDeliveriesOf(second.notification.id))[0]).toMatchObject({
      status: 'BOUNCED',
      detail: 'Not delivered to the phone: the number replied STOP (Twilio error 21610).',
    });
    expect((await settings(person.accessToken)).body).toMatchObject({ optIn: false, stoppedByReply: true });
  });
});
