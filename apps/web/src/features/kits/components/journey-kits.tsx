import { KIT_MESSAGES } from '@portal/domain';
import { Alert } from '../../../components/ui/alert.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { useKits, useKitTimelinesSettled } from '../api.ts';
import { KitCard, type KitCardActions, kitAnchor } from './kit-card.tsx';
import { errorText } from './kit-format.ts';
import { useScrollToKit } from './use-scroll-to-kit.ts';

/**
 * Kits in My Journey: a card per kit, in the server's order. The research portal will group these
 * cards by project; the cards themselves stay the same.
 */
export function JourneyKits(actions: KitCardActions) {
  const kits = useKits();
  // The cards show with their timelines, so they do not grow under the reader as each one arrives.
  const timelinesSettled = useKitTimelinesSettled(kits.data?.map((kit) => kit.id) ?? []);
  const highlighted = useScrollToKit(kits.isSuccess && timelinesSettled);

  if (kits.isPending || (kits.isSuccess && !timelinesSettled)) return <Loading />;
  if (kits.isError) return <Alert tone="error">{errorText(kits.error)}</Alert>;
  if (kits.data.length === 0) return <p>{KIT_MESSAGES.noKits}</p>;
  return (
    <div className="kit-list">
      {kits.data.map((kit) => (
        <KitCard key={kit.id} kit={kit} highlighted={highlighted === kitAnchor(kit.id)} {...actions} />
      ))}
    </div>
  );
}
