import { mailName } from '@portal/domain';
import { compose, type MailCtx } from '../../adapters/mail/templates.ts';

// The owner's kit progress mails are notifications: their words are packages/domain's notifications.ts.

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
