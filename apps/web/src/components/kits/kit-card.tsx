import {
  type Kit,
  kitCardStatus,
  kitCardStatusKey,
  kitDisplayName,
  kitNextStep,
  withBrand,
} from '@portal/domain';
import { Suspense, useEffect, useId } from 'react';
import { useConfig } from '../../lib/config.ts';
import { lazyPage } from '../../lib/lazy-load.tsx';
import { Loading } from '../ui/loading.tsx';
import { KitFact } from './kit-facts.tsx';
import { KitPrimaryAction } from './kit-primary-action.tsx';
import { kitStatusTone } from './kit-status-tone.ts';
import { KITS_TEXTS } from './kit-texts.ts';

/**
 * The details a card opens, fetched once the cards are on screen: their forms (react-hook-form), the
 * timeline and the coach's scheduler stay off the way to the kits page's first paint (decision 034).
 */
const KitDetails = lazyPage(
  () => import('./kit-details.tsx'),
  (m) => m.KitDetails,
);

export type KitCardActions = {
  /** 'Select option': the choice of sending the kit now or giving it. */
  onSelectOption: (kit: Kit) => void;
  onCoachInfo: () => void;
  /** The replacement order; without it the card gives the support phone number instead. */
  onRequestReplacement?: (kit: Kit) => void;
};

/** The element id of a kit's card, the value of ?scrollingPosition= that scrolls to it. */
export const kitAnchor = (kitId: number) => `kit-${kitId}`;
export const kitHeadingId = (kitId: number) => `kit-${kitId}-name`;

type KitCardProps = KitCardActions & {
  kit: Kit;
  expanded: boolean;
  onToggle: () => void;
  highlighted?: boolean;
};

/**
 * One kit as a summary: name, status, next step and one primary action. 'Show details' opens the rest
 * (ids, rename, timeline, coach tile, questionnaires, referral, notes); the timeline is asked for then.
 */
export function KitCard({ kit, expanded, onToggle, highlighted = false, ...actions }: KitCardProps) {
  const { brandName } = useConfig();
  const headingId = kitHeadingId(kit.id);
  const detailsId = useId();
  const nextStep = kitNextStep(kit);
  useEffect(() => {
    void KitDetails.preload();
  }, []);
  return (
    <article
      id={kitAnchor(kit.id)}
      className={highlighted ? 'kit-card kit-card-highlight' : 'kit-card'}
      aria-labelledby={headingId}
    >
      <div className="kit-summary">
        <h2 id={headingId} tabIndex={-1}>
          {kitDisplayName(kit)}
        </h2>
        <dl className="kit-facts kit-summary-facts">
          <KitFact
            term={KITS_TEXTS.status}
            status={kit.kitStatus}
            tone={kitStatusTone(kitCardStatusKey(kit))}
          >
            {withBrand(kitCardStatus(kit), brandName)}
          </KitFact>
          {nextStep ? (
            <KitFact term={KITS_TEXTS.nextStep} className="kit-next-step">
              {nextStep}
            </KitFact>
          ) : null}
        </dl>
        <div className="kit-summary-actions">
          <KitPrimaryAction
            kit={kit}
            onSelectOption={actions.onSelectOption}
            onRequestReplacement={actions.onRequestReplacement}
          />
          <button
            type="button"
            className="button button-secondary kit-details-toggle"
            aria-expanded={expanded}
            aria-controls={detailsId}
            onClick={onToggle}
          >
            {expanded ? KITS_TEXTS.hideDetails : KITS_TEXTS.showDetails}
          </button>
        </div>
      </div>
      <div id={detailsId} className="kit-details" hidden={!expanded}>
        {expanded ? (
          <Suspense fallback={<Loading />}>
            <KitDetails kit={kit} headingId={headingId} actions={actions} />
          </Suspense>
        ) : null}
      </div>
    </article>
  );
}
