import type { Kit } from '@portal/domain';
import type { ReactNode } from 'react';
import { Badge, type BadgeTone } from '../ui/badge.tsx';
import { kitStatusTone } from './kit-status-tone.ts';
import { KITS_TEXTS } from './kit-texts.ts';

/**
 * One term and its value in a kit's facts list (`dl.kit-facts`). A status value (`status`) is a badge in
 * the status's colour, or in `tone` where the text stands for another status than the kit's own.
 */
export function KitFact({
  term,
  status,
  tone,
  className,
  children,
}: {
  term: string;
  status?: string;
  tone?: BadgeTone;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <dt>{term}</dt>
      <dd data-status={status}>
        {status === undefined ? children : <Badge tone={tone ?? kitStatusTone(status)}>{children}</Badge>}
      </dd>
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
