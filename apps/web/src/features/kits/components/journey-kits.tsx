import { useState } from 'react';
import { KitCard, type KitCardActions, kitAnchor } from '../../../components/kits/kit-card.tsx';
import { errorText } from '../../../components/kits/kit-format.ts';
import { useScrollTargetKitId, useScrollToKit } from '../../../components/kits/use-scroll-to-kit.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { useKits } from '../../../lib/kits-api.ts';
import { KitsEmpty } from './kits-empty.tsx';

/**
 * Kits in My Journey: a summary card per kit, in the server's order, each opened on demand. The card
 * that ?scrollingPosition= points at starts open, and so does a lone kit. The cards show as soon as the
 * list has answered: each loads its own timeline when opened.
 */
export function JourneyKits({ onActivate, ...actions }: KitCardActions & { onActivate?: () => void }) {
  const kits = useKits();
  const target = useScrollTargetKitId();
  const highlighted = useScrollToKit(kits.isSuccess);
  // Only the cards the person opened or closed; the others follow the defaults above.
  const [toggled, setToggled] = useState<ReadonlyMap<number, boolean>>(new Map());

  if (kits.isPending) return <Loading />;
  if (kits.isError) return <Alert tone="error">{errorText(kits.error)}</Alert>;
  if (kits.data.length === 0) return <KitsEmpty onActivate={onActivate} />;
  const alone = kits.data.length === 1;
  return (
    <div className="kit-list">
      {kits.data.map((kit) => {
        const expanded = toggled.get(kit.id) ?? (alone || kit.id === target);
        return (
          <KitCard
            key={kit.id}
            kit={kit}
            expanded={expanded}
            onToggle={() => setToggled((map) => new Map(map).set(kit.id, !expanded))}
            highlighted={highlighted === kitAnchor(kit.id)}
            {...actions}
          />
        );
      })}
    </div>
  );
}
