import type { CompositionEntry } from '@portal/domain/report';

export type PhylumBar = { label: string; entries: readonly CompositionEntry[] };

/** The phylum chart's height in pixels: its axes and legend, and a band per report. */
export const chartHeight = (bars: number) => 90 + bars * 56;
