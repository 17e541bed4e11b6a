import crypto from 'node:crypto';
import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { referralCodes, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { createKits, giveKit, redeemKit, setKitStatus, updateKit } from '../kits/index.ts';
import { importResults } from '../reports/index.ts';
import { createUserAsOperator } from './admin.service.ts';

/**
 * Results reach a kit only by import, so the demo's reports come from real MetaPhlAn 3 profiles of the
 * GMWI2 kefir cohort (MIT, github.com/danielchang2002/GMWI2), copied here because the app must not read
 * the shared data folder at run time. The latest kit is what a typical healthy adult gut looks like
 * (Subj035_time1_S26: 93 species, Shannon 3.19, no species above 17%); the earlier one keeps an unusual
 * profile (Subj032_time2_S23: 15 species, Candida albicans at half the named sample) so it is shown too.
 */
const profile = (file: string) =>
  fs.readFileSync(new URL(`./demo-profiles/${file}`, import.meta.url), 'utf8');

type Step = { kitStatus?: string; sampleStatus?: string } | { results: string; displayDate: string };

/** Each demo kit: its name and the operator steps that walk it to its state, as the lab would. */
const JOURNEYS: { name: string; steps: Step[]; activate?: true }[] = [
  { name: 'Ready to send', steps: [] },
  { name: 'Being packed', steps: [], activate: true },
  { name: 'In the post', steps: [{ kitStatus: 'DISPATCHED_BY_LAB' }], activate: true },
  {
    name: 'Sample on its way',
    steps: [
      { kitStatus: 'DISPATCHED_BY_LAB' },
      { kitStatus: 'RECEIVED_BY_CUSTOMER' },
      { sampleStatus: 'DISPATCHED_BY_CUSTOMER' },
    ],
    activate: true,
  },
  {
    name: 'At the lab',
    steps: [
      { kitStatus: 'DISPATCHED_BY_LAB' },
      { sampleStatus: 'DISPATCHED_BY_CUSTOMER' },
      { sampleStatus: 'RECEIVED_BY_LAB' },
    ],
    activate: true,
  },
  {
    name: 'Being analysed',
    steps: [
      { kitStatus: 'DISPATCHED_BY_LAB' },
      { sampleStatus: 'RECEIVED_BY_LAB' },
      { sampleStatus: 'READY_FOR_ACCESSIONING' },
      { sampleStatus: 'ACCESSIONING' },
      { sampleStatus: 'SEQUENCING' },
    ],
    activate: true,
  },
  {
    name: 'Summer 2026',
    steps: [
      { kitStatus: 'DISPATCHED_BY_LAB' },
      { sampleStatus: 'RECEIVED_BY_LAB' },
      { sampleStatus: 'ACCESSIONING' },
      { sampleStatus: 'COMPLETED' },
      { results: 'Subj035_time1_S26_metaphlan.txt', displayDate: '2026-01-20' },
    ],
    activate: true,
  },
  {
    name: 'Autumn 2025',
    steps: [
      { kitStatus: 'DISPATCHED_BY_LAB' },
      { sampleStatus: 'RECEIVED_BY_LAB' },
      { sampleStatus: 'ACCESSIONING' },
      { results: 'Subj032_time2_S23_metaphlan.txt', displayDate: '2025-04-15' },
      { sampleStatus: 'MICROBIOME_COACH_SESSION_COMPLETED' },
    ],
    activate: true,
  },
  {
    name: 'Swab overloaded',
    steps: [
      { kitStatus: 'DISPATCHED_BY_LAB' },
      { sampleStatus: 'RECEIVED_BY_LAB' },
      { sampleStatus: 'FAILED_OVERLOADED' },
    ],
    activate: true,
  },
];

const ADDRESS = {
  addressLine1: '1 George St',
  suburb: 'Brisbane City',
  state: 'QLD',
  postcode: '4000',
} as const;

/** ops seed:demo: a fresh demo customer (new email and password each run) with kits in every state. */
export async function seedDemo(ctx: AppContext) {
  const suffix = crypto.randomBytes(3).toString('hex');
  const email = `demo-${suffix}@microbiome.example`;
  const password = `Demo-${crypto.randomBytes(6).toString('base64url')}1!`;
  const { id: userId } = await createUserAsOperator(ctx, {
    email,
    password,
    firstName: 'Alex',
    lastName: 'Demo',
    dob: '1988-04-12',
    gender: 'OTHER',
    underAge: false,
    guardian: false,
    type: 'CONSUMER',
    authorities: [],
    unverified: false,
  });
  await ctx.db
    .update(users)
    .set({ phoneNumber: '0412 345 678', agreeToDataUsage: true, ...ADDRESS, country: 'AU' })
    .where(eq(users.id, userId));
  await ctx.db
    .insert(referralCodes)
    .values({ code: 'DEMO01', firstName: 'Jamie', lastName: 'Nguyen' })
    .onConflictDoNothing();

  // Two kits bought by the customer (owned, UNASSIGNED): one kept as a spare, one given to a friend.
  const [spare, gift] = await createKits(ctx, { count: 2, projectId: 1, ownerEmail: email });
  if (spare) await updateKit(ctx, userId, spare.id, { name: 'Spare kit', was: { name: null } });
  if (gift)
    await giveKit(ctx, userId, { receiverEmail: `friend-${suffix}@microbiome.example`, kitId: gift.id });
  // The others are redeemed by voucher and walked through the lab by operator steps.
  const created = await createKits(ctx, { count: JOURNEYS.length, projectId: 1 });
  for (const [i, journey] of JOURNEYS.entries()) {
    const kit = created[i];
    if (!kit) continue;
    await redeemKit(ctx, userId, {
      kitId: kit.id,
      voucher: kit.voucherCode,
      ...(journey.activate ? { activate: true, ...ADDRESS } : { activate: false }),
    });
    for (const step of journey.steps) {
      if ('results' in step)
        await importResults(
          ctx,
          {
            sampleIdentifier: kit.sampleIdentifier,
            profile: profile(step.results),
            displayDate: step.displayDate,
          },
          'operator',
        );
      else await setKitStatus(ctx, kit.id, step, 'operator');
    }
    await updateKit(ctx, userId, kit.id, { name: journey.name });
  }
  return {
    accounts: [
      { email, password, description: 'Customer with kits in every state and one kit given to a friend' },
    ],
    kits: created.length + 2,
  };
}
