import { kitDisplayName, kitStatusText, type SentKit, sentKitStatus } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { resendGift, useInvalidateKits, useSentKits } from '../../lib/kits-api.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Loading } from '../ui/loading.tsx';
import { StatusMessage } from '../ui/status-message.tsx';
import { KitFact } from './kit-facts.tsx';
import { errorText, formatKitDate } from './kit-format.ts';
import { KITS_TEXTS } from './kit-texts.ts';

/** Kits Given to Others: who each went to, when, whether it was redeemed, and 'Send again' until it is. */
export function GivenKits() {
  const sent = useSentKits();
  if (sent.isPending) return <Loading />;
  if (sent.isError) return <Alert tone="error">{errorText(sent.error)}</Alert>;
  if (sent.data.length === 0) return <p>{KITS_TEXTS.noGivenKits}</p>;
  return (
    <ul className="given-kits">
      {sent.data.map((kit) => (
        <GivenKit key={kit.kitId} kit={kit} />
      ))}
    </ul>
  );
}

function GivenKit({ kit }: { kit: SentKit }) {
  const status = sentKitStatus(kit);
  const invalidate = useInvalidateKits();
  // A refusal usually means the kit was redeemed meanwhile: refetch so the row says so.
  const resend = useMutation({ mutationFn: () => resendGift(kit.kitId), onError: () => invalidate() });
  const name = kitDisplayName({ id: kit.kitId, name: kit.name });
  return (
    <li className="given-kit">
      <h2>{name}</h2>
      <dl className="kit-facts">
        <KitFact term={KITS_TEXTS.sentTo}>{kit.receiverEmail}</KitFact>
        <KitFact term={KITS_TEXTS.sentOn}>
          <time dateTime={kit.requestedDate}>{formatKitDate(kit.requestedDate)}</time>
        </KitFact>
        <KitFact term={KITS_TEXTS.status} status={status}>
          {kitStatusText(status)}
        </KitFact>
      </dl>
      {status === 'UNASSIGNED' ? (
        <Button variant="secondary" busy={resend.isPending} onClick={() => resend.mutate()}>
          {KITS_TEXTS.sendAgain}
        </Button>
      ) : null}
      {resend.isError ? (
        <p className="field-error" role="alert">
          {errorText(resend.error)}
        </p>
      ) : null}
      <StatusMessage>
        {resend.isSuccess ? KITS_TEXTS.sentAgain(resend.data.receiverEmail) : null}
      </StatusMessage>
    </li>
  );
}
