import type { ReportListItem } from '@portal/domain';
import type { BuildReport, ReportComparison } from '@portal/domain/report';
import { vi } from 'vitest';

/** A report as the domain's buildReport makes it (numbers from a real MetaPhlAn 3 kefir profile, cut short). */
export function makeReport(overrides: Partial<BuildReport> = {}): BuildReport {
  const reading = (value: number, percentile: number | null, text: string) => ({
    value,
    percentile,
    reading: text,
    range: { low: 0, high: value * 2, percentileLow: 0, percentileHigh: 90, couldBeEither: true },
  });
  return {
    version: 'v3',
    sample: null,
    database: 'mpa_v30_CHOCOPhlAn_201901',
    markerVersion: 3,
    unknownPercent: 47.20646,
    composition: {
      phylum: [
        { name: 'Viruses_unclassified', percent: 48.67887 },
        { name: 'Bacteroidetes', percent: 39.72278 },
        { name: 'Firmicutes', percent: 11.51611 },
        { name: 'Actinobacteria', percent: 0.08224 },
      ],
      family: [
        { name: 'Siphoviridae', percent: 48.61416 },
        { name: 'Bacteroidaceae', percent: 36.26152 },
        { name: 'Streptococcaceae', percent: 15.12432 },
      ],
      genus: [
        { name: 'Sk1virus', percent: 38.23468 },
        { name: 'Bacteroides', percent: 36.26152 },
        { name: 'Streptococcus', percent: 25.5038 },
      ],
      species: [
        { name: 'Lactococcus_phage_jm3', percent: 38.23468 },
        { name: 'Bacteroides_dorei', percent: 35.18032 },
        { name: 'Streptococcus_thermophilus', percent: 26.585 },
      ],
    },
    diversity: {
      richness: reading(61, 31.554103122730574, 'We found 61 species in your sample.'),
      shannon: reading(1.7409255027089463, 5.374001452432825, 'Your Shannon diversity is 1.74.'),
      inverseSimpson: reading(3.574732801650337, 7.734204793028322, 'Your community is as varied as 3.6.'),
      evenness: reading(0.42349280474920215, 21.532316630355847, 'Your evenness is 0.42.'),
    },
    indices: {
      gmwi2: {
        value: -0.6474276292645813,
        percentile: null,
        reading: 'Your score is -0.65, below zero.',
        range: { low: -2.14, high: 0.85, percentileLow: null, percentileHigh: null, couldBeEither: true },
      },
      gmhi: {
        value: -3.0761222668833366,
        percentile: 4.066811909949164,
        reading: 'Your score is -3.08, below zero.',
        range: { low: -6.15, high: 0, percentileLow: 0, percentileHigh: 22, couldBeEither: false },
      },
    },
    gmwi2Contributions: {
      score: -0.6805905034847968,
      intercept: 0,
      taxa: [
        {
          lineage:
            'k__Bacteria|p__Firmicutes|c__Clostridia|o__Clostridiales|f__Lachnospiraceae|g__Lachnoclostridium',
          coefficient: -0.6805905034847968,
          linkedWith: 'disease',
          percent: 0.5539100351043564,
        },
      ],
      groups: [
        { linkedWith: 'health', title: 'Linked with health', subtotal: 0 },
        { linkedWith: 'disease', title: 'Linked with disease', subtotal: -0.6805905034847968 },
      ],
    },
    gmhiExplanation: null,
    reference: {
      name: 'GMWI web tool reference set (Chang et al. 2023), healthy people',
      size: 2754,
    },
    summary: {
      interpretable: true,
      findings: [
        {
          key: 'richness',
          found:
            'We found 61 species in your sample. That is in the middle half of healthy people in our reference (the 32nd percentile).',
          means: 'diversity.usual',
          couldBeEither: true,
          section: 'report-diversity',
        },
        {
          key: 'gmwi2',
          found: 'Your GMWI2 score is -0.65, below zero.',
          means: 'gmwi2.below',
          couldBeEither: true,
          section: 'report-indices',
        },
        {
          key: 'shannon',
          found:
            'Your Shannon diversity is 1.74. That is in the lowest quarter of healthy people in our reference (the 5th percentile).',
          means: 'diversity.low',
          couldBeEither: true,
          section: 'report-diversity',
        },
      ],
    },
    protocol: {
      profiler: 'MetaPhlAn 3',
      database: 'mpa_v30_CHOCOPhlAn_201901',
      analysedOn: '2026-03-01',
      rulesVersion: '2',
    },
    ...overrides,
  };
}

export const makeComparison = (): { comparable: true } & ReportComparison => ({
  comparable: true,
  deltas: {
    richness: -46,
    shannon: -0.8563300408088648,
    inverseSimpson: -1.5150423562186623,
    evenness: -0.09683879311380478,
    gmwi2: 0.6941251601633073,
    gmhi: null,
  },
  rose: [
    {
      name: 'Streptococcus_thermophilus',
      label: 'Streptococcus thermophilus',
      before: 6.3213,
      after: 31.01485,
      change: 24.69355,
    },
  ],
  fell: [
    { name: 'Bacteroides_dorei', label: 'Bacteroides dorei', before: 35.18032, after: 0, change: -35.18032 },
  ],
  brayCurtis: 0.5193518000556201,
  gmwi2Movers: null,
});

export function makeListItem(kitId: number, overrides: Partial<ReportListItem> = {}): ReportListItem {
  return {
    kitId,
    sampleIdentifier: `MBK${kitId}`,
    name: `KIT-${kitId}`,
    displayDate: `2025-0${kitId}-15`,
    version: 'v3',
    ...overrides,
  };
}

export const reportResponse = (item: ReportListItem, report: BuildReport = makeReport()) => ({
  kitId: item.kitId,
  sampleIdentifier: item.sampleIdentifier,
  name: item.name,
  displayDate: item.displayDate,
  report,
});

/** `pdf` answers with that text as an application/pdf body instead of JSON. */
type Reply = { status: number; body?: unknown; pdf?: string };
export type ApiCall = { path: string; headers: Record<string, string> };

/**
 * Answers the page's fetches from `routes` ('GET /reports' → reply); anything else is a 404.
 * Paths include the query. Returns the calls made, in order.
 */
export function stubReportsApi(routes: Record<string, Reply>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = String(input).replace(/^\/api/, '');
      calls.push({ path, headers: { ...(init?.headers as Record<string, string>) } });
      const reply = routes[`${init?.method ?? 'GET'} ${path}`] ?? {
        status: 404,
        body: { message: 'Not found', code: 'NOT_FOUND' },
      };
      if (reply.pdf !== undefined)
        return new Response(reply.pdf, {
          status: reply.status,
          headers: { 'Content-Type': 'application/pdf' },
        });
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}
