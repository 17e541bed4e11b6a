import type { Kit } from '@portal/domain';
import type { ReactNode } from 'react';
import { KITS_TEXTS } from './kit-texts.ts';

/** One term and its value in a kit's facts list (`dl.kit-facts`); `status` marks a status value. */
export function KitFact({
  term,
  status,
  className,
  children,
}: {
  term: string;
  status?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <dt>{term}</dt>
      <dd data-status={status}>{children}</dd>
    </div>
  );
}

/** The kit's two ids, as the kit cards of My Kits and My Research list them. */
export function KitIdFacts({ kit }: { kit: Kit }) {
  return (
    <>
      <KitFact term={KITS_TEXTS.kitId}>KIT-{kit.id}</KitFact>
      <KitFact term={KITS_TEXTS.sampleId}>{kit.sampleIdentifier}</KitFact>
    </>
  );
}
