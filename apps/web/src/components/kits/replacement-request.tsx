import { canRequestReplacement, formatMoney, type Kit, PRICES } from '@portal/domain';
import { useConfig } from '../../lib/config.ts';
import { KITS_TEXTS } from './kit-texts.ts';

/**
 * After an overloaded, underloaded or swab failure: explains it and the replacement offer. The order
 * button is the card's primary action; where there is none (`orderable` false) the support number is given.
 */
export function ReplacementRequest({ kit, orderable }: { kit: Kit; orderable: boolean }) {
  const { supportPhone } = useConfig();
  if (!canRequestReplacement(kit)) return null;
  return (
    <section className="kit-replacement">
      <h3>{KITS_TEXTS.replacementTitle}</h3>
      <p>{KITS_TEXTS.replacementBody}</p>
      <p>{KITS_TEXTS.replacementOffer(formatMoney(PRICES.replacementCents))}</p>
      {orderable ? null : <p>{KITS_TEXTS.replacementCall(supportPhone)}</p>}
    </section>
  );
}
