import { DATA_EXPORT_DAYS, DATA_RIGHTS_TEXTS } from '@portal/domain';
import { compose, type MailCtx } from '../../adapters/mail/templates.ts';

/** "Your data is ready": no link to the file itself, which opens only to its owner, signed in. */
export function exportReadyMail(ctx: MailCtx, to: { email: string; firstName: string }) {
  return compose(
    ctx,
    to.email,
    DATA_RIGHTS_TEXTS.mailSubject(ctx.brand),
    [...DATA_RIGHTS_TEXTS.mailBody(to.firstName, DATA_EXPORT_DAYS)],
    { label: DATA_RIGHTS_TEXTS.mailAction, url: `${ctx.publicUrl}/profile#your-data` },
  );
}
