/* Which two samples the journey's species tables compare: a leaf module, so the web imports it alone. */

/** A sample as the species tables name it. */
export type ComparedSample = {
  sampleIdentifier: string;
  name: string;
  displayDate: string;
  database: string | null;
};

/**
 * Which two samples the species tables compare, in words, for the page and the PDF alike (`date` formats
 * a display date). With more than one sample and no pair, why the species are not compared.
 */
export function journeyMoversText(
  journey: {
    compared: { before: ComparedSample; after: ComparedSample } | null;
    points: readonly unknown[];
  },
  date: (iso: string) => string,
): string | null {
  const { compared } = journey;
  if (!compared) {
    return journey.points.length > 1
      ? 'Your latest sample was analysed with a newer lab database than the samples before it. Some species have other names there, so its species are not compared with theirs.'
      : null;
  }
  const sample = (s: ComparedSample) => `${s.name} (sample ${s.sampleIdentifier}, ${date(s.displayDate)})`;
  return `Species compared between ${sample(compared.before)} and your latest, ${sample(compared.after)}: the latest two samples analysed with the same lab database, since species names differ between databases.`;
}
