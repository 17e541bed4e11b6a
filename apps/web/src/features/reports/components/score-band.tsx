import type { ReactNode } from 'react';
import { percentileOrdinal, scalePosition, signPosition } from '../report-format.ts';
import { REPORT_TEXTS } from '../report-texts.ts';

/** The usual range of healthy reference people: their middle half, the 25th to the 75th percentile. */
export const USUAL_RANGE = { from: 25, to: 75 } as const;

/** The marker's width in the band's 0–100 units, kept whole inside the band at either end. */
const MARKER_WIDTH = 2;
const markerX = (position: number) => Math.min(100 - MARKER_WIDTH, Math.max(0, position - MARKER_WIDTH / 2));

type BandProps = {
  /** The measure's name, said first in the text alternative. */
  title: string;
  /** The value as the card shows it (its digits). */
  valueText: string;
};

/**
 * The band both kinds share: the SVG (an image whose text alternative is `label`) with the track, the
 * shading and zero line given as `children`, the marker at `position` (0–100), and the ends' labels.
 */
function Band({
  label,
  position,
  ends,
  children,
}: {
  label: string;
  position: number;
  ends: readonly [ReactNode, ReactNode, ReactNode];
  children: ReactNode;
}) {
  return (
    <div className="score-band">
      <svg
        className="score-band-svg"
        viewBox="0 0 100 12"
        preserveAspectRatio="none"
        role="img"
        aria-label={label}
        focusable="false"
      >
        <rect className="score-band-track" x="0" y="3" width="100" height="6" rx="3" />
        {children}
        <rect className="score-band-marker" x={markerX(position)} y="0" width={MARKER_WIDTH} height="12" />
      </svg>
      <div className="score-band-ends" aria-hidden="true">
        <span>{ends[0]}</span>
        <span>{ends[1]}</span>
        <span>{ends[2]}</span>
      </div>
    </div>
  );
}

/**
 * A score as a band among healthy reference people: the 0–100 percentile track, the usual range shaded,
 * and a marker at the person's percentile. The SVG is an image whose text alternative gives the value,
 * the percentile and the range, so a screen reader hears everything the picture shows.
 */
export function PercentileBand({ title, valueText, percentile }: BandProps & { percentile: number }) {
  const ordinal = percentileOrdinal(percentile);
  const where = percentile < USUAL_RANGE.from ? 'below' : percentile > USUAL_RANGE.to ? 'above' : 'within';
  return (
    <Band
      label={REPORT_TEXTS.bandPercentile(title, valueText, ordinal, where)}
      position={scalePosition(percentile)}
      ends={[REPORT_TEXTS.scaleLower, REPORT_TEXTS.scaleUsual, REPORT_TEXTS.scaleHigher]}
    >
      <rect
        className="score-band-healthy"
        x={USUAL_RANGE.from}
        y="3"
        width={USUAL_RANGE.to - USUAL_RANGE.from}
        height="6"
      />
    </Band>
  );
}

/**
 * An index without a reference percentile (GMWI2, GMHI) as a band around zero: the healthy side (above
 * zero, where the microbes linked with health outweigh) shaded, and a marker at the person's score.
 */
export function SignBand({ title, valueText, value }: BandProps & { value: number }) {
  const side = value > 0 ? 'above' : value < 0 ? 'below' : 'at';
  return (
    <Band
      label={REPORT_TEXTS.bandSign(title, valueText, side)}
      position={signPosition(value)}
      ends={[REPORT_TEXTS.signLower, '0', REPORT_TEXTS.signHigher]}
    >
      <rect className="score-band-healthy" x="50" y="3" width="50" height="6" rx="3" />
      <rect className="score-band-zero" x="49.8" y="1.5" width="0.4" height="9" />
    </Band>
  );
}
