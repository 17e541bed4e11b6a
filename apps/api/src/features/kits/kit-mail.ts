import { canRequestReplacement, kitDisplayName, mailGreeting, mailName } from '@portal/domain';
import { compose, type MailCtx, type Unsubscribe } from '../../adapters/mail/templates.ts';

type KitInfo = {
  id: number;
  name: string | null;
  sampleIdentifier: string;
  kitStatus: string;
  sampleStatus: string | null;
};
type Person = { email: string; firstName: string };
// Kit progress emails are a category the person may switch off: they take its unsubscribe line last
// (adapters/mail/category-mail.ts).

const kitLink = (ctx: MailCtx, kitId: number) => `${ctx.publicUrl}/kits?scrollingPosition=kit-${kitId}`;

export function kitRequestedMail(ctx: MailCtx, to: Person, kit: KitInfo, unsubscribe?: Unsubscribe) {
  return compose(
    ctx,
    to.email,
    `We are packing your ${ctx.brand} kit`,
    [
      mailGreeting(to.firstName),
      `Thank you for activating ${kitDisplayName(kit)}. We are packing it now and will email you when it is on its way.`,
    ],
    { label: 'Follow your kit', url: kitLink(ctx, kit.id) },
    unsubscribe,
  );
}

export function kitDispatchedMail(ctx: MailCtx, to: Person, kit: KitInfo, unsubscribe?: Unsubscribe) {
  return compose(
    ctx,
    to.email,
    `Your ${ctx.brand} kit is on its way`,
    [
      mailGreeting(to.firstName),
      `${kitDisplayName(kit)} has left our lab. Kits arrive in 3-6 business days by postal service.`,
      'When it arrives, follow the instructions in the box to take your sample and post it back to us.',
    ],
    { label: 'Follow your kit', url: kitLink(ctx, kit.id) },
    unsubscribe,
  );
}

/** `reportComing` false: the kit's study keeps its results (NO_DELIVERY), so no report is promised. */
export function sampleReceivedMail(
  ctx: MailCtx,
  to: Person,
  kit: KitInfo,
  reportComing = true,
  unsubscribe?: Unsubscribe,
) {
  return compose(
    ctx,
    to.email,
    'We have received your sample',
    [
      mailGreeting(to.firstName),
      `Our lab has received the sample of ${kitDisplayName(kit)} (sample ${kit.sampleIdentifier}).`,
      'Please complete your questionnaires within 2 days of this email: your answers help us interpret your results.',
      ...(reportComing
        ? ['Your report takes about 4 weeks from today. We will email you as soon as it is ready.']
        : ['Your study team receives the results of this sample; there is no report to read in the portal.']),
    ],
    { label: 'Answer your questionnaires', url: `${ctx.publicUrl}/surveys` },
    unsubscribe,
  );
}

export function sampleFailedMail(ctx: MailCtx, to: Person, kit: KitInfo, unsubscribe?: Unsubscribe) {
  const replaceable = canRequestReplacement(kit);
  return compose(
    ctx,
    to.email,
    'We could not analyse your sample',
    [
      mailGreeting(to.firstName),
      `Unfortunately our lab could not analyse the sample of ${kitDisplayName(kit)} (sample ${kit.sampleIdentifier}).`,
      replaceable
        ? 'This happens sometimes when a swab carries too much or too little sample. You can order a replacement kit at a reduced price from your kits page.'
        : `Our team will contact you about the next steps. You can also reply to this email or contact ${ctx.supportEmail}.`,
    ],
    replaceable ? { label: 'Request a replacement kit', url: kitLink(ctx, kit.id) } : undefined,
    unsubscribe,
  );
}

export function resultsAvailableMail(ctx: MailCtx, to: Person, kit: KitInfo, unsubscribe?: Unsubscribe) {
  return compose(
    ctx,
    to.email,
    'Your microbiome report is ready',
    [
      mailGreeting(to.firstName),
      `The report of ${kitDisplayName(kit)} (sample ${kit.sampleIdentifier}) is ready to read.`,
      'Once your questionnaires are complete you can book your 15-minute Microbiome Coach call.',
    ],
    {
      label: 'Read my report',
      url: `${ctx.publicUrl}/report?samples=${encodeURIComponent(kit.sampleIdentifier)}`,
    },
    unsubscribe,
  );
}

/** The lab withdrew a released report for a correction (issue 34 item 8). */
export function resultsRetractedMail(ctx: MailCtx, to: Person, kit: KitInfo, unsubscribe?: Unsubscribe) {
  return compose(
    ctx,
    to.email,
    'Your microbiome report is being corrected',
    [
      mailGreeting(to.firstName),
      `Our lab has withdrawn the report of ${kitDisplayName(kit)} (sample ${kit.sampleIdentifier}) to correct it, so it is not shown in your account for now.`,
      'We will email you as soon as the amended report is ready. You do not need to do anything.',
    ],
    { label: 'Follow your kit', url: kitLink(ctx, kit.id) },
    unsubscribe,
  );
}

export function kitGiftMail(ctx: MailCtx, to: string, giver: string, voucher: string) {
  const giverName = mailName(giver, 'A friend');
  return compose(
    ctx,
    to,
    `${giverName} has given you a ${ctx.brand} kit`,
    [
      'Hello,',
      `${giverName} has given you a ${ctx.brand} gut microbiome kit.`,
      `Your voucher code is ${voucher}. Sign in or create an account, then redeem the voucher to have the kit sent to you.`,
    ],
    {
      label: 'Redeem my kit',
      url: `${ctx.publicUrl}/dashboard?showModal=REDEEM&voucher=${encodeURIComponent(voucher)}`,
    },
  );
}
