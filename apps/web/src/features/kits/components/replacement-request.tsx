import { canRequestReplacement, formatMoney, type Kit, PRICES } from '@portal/domain';
import { Button } from '../../../components/ui/button.tsx';
import { useConfig } from '../../../lib/config.ts';
import { KITS_TEXTS } from './kit-texts.ts';

/**
 * After an overloaded, underloaded or swab failure: explains it and offers a replacement kit. Until the
 * replacement order exists (onRequest absent) it gives the support number instead of a dead button.
 */
export function ReplacementRequest({ kit, onRequest }: { kit: Kit; onRequest?: (kit: Kit) => void }) {
  const { supportPhone } = useConfig();
  if (!canRequestReplacement(kit)) return null;
  return (
    <section className="kit-replacement">
      <h3>{KITS_TEXTS.replacementTitle}</h3>
      <p>{KITS_TEXTS.replacementBody}</p>
      <p>{KITS_TEXTS.replacementOffer(formatMoney(PRICES.replacementCents))}</p>
      {onRequest ? (
        <Button onClick={() => onRequest(kit)}>{KITS_TEXTS.replacementOrder}</Button>
      ) : (
        <p>{KITS_TEXTS.replacementCall(supportPhone)}</p>
      )}
    </section>
  );
}
