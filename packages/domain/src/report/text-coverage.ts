import type { BuildReport } from './build-report.ts';
import { PLAIN_TEXTS } from './plain-texts.ts';
import { CITATIONS, EVIDENCE_GRADES, STATEMENTS } from './statements.ts';
import { taxonLabel } from './taxa.ts';

/*
 * The registry test's check (issue 37, item 2), as a positive list: every piece of text the report page,
 * the PDF, the journey and the emails render must be a registry statement (its text or what it does not
 * mean, slots filled), registry data (a grade, a citation, a DOI), one of the plain texts listed on purpose
 * in plain-texts.ts, or the person's own data (names, taxa, numbers). Whatever is left is reported, so a new
 * sentence anywhere fails its test until it is put in the registry or listed as plain. A leaf module.
 */

/** Where a piece of the person's data was: a `{name}` slot holds it, and it is no word of its own. */
const DATUM = '⁂';
/** Where a recognised text was. */
const MARK = '¦';

/** One change of the change finding's list (at-a-glance.ts): "your GMWI2 score went up". */
const CHANGED =
  'your (?:species count|Shannon diversity|inverse Simpson|evenness|GMWI2 score|GMHI score) went (?:up|down)';

/** What a `{slot}` of a template may match. Numbers, dates and short names; never a sentence. */
const SLOTS: Record<string, string> = {
  // 61, -0.65, +1.400, 2,754, 38.23%, 32nd, .5
  '#': String.raw`[-+−]?(?:\d[\d,]*(?:\.\d+)?|\.\d+)(?:%|st|nd|rd|th)?`,
  // 2026-07-01, 1 July 2026, 1 Jul 2026, July 2026 (a month's name, not any word: "Nature 2013" is no date)
  date: String.raw`(?:\d{4}-\d{2}-\d{2}|(?:\d{1,2} )?(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]* \d{4})`,
  // One of the person's data (a name, a sample, a taxon, a kit), taken out before the templates.
  name: DATUM,
  // One word with no space or sentence end in it: a version (v3), a grade (B), a database's name (or the
  // test's data).
  word: String.raw`(?:${DATUM}|[^\s.!?${MARK}${DATUM}]+)`,
  // A score's name as the page and the PDF write it.
  score: String.raw`(?:Species richness|Shannon diversity|Inverse Simpson|Evenness \(Pielou\)|Evenness|GMWI2 \(Gut Microbiome Wellness Index 2\)|GMHI \(Gut Microbiome Health Index\)|GMWI2|GMHI)`,
  // A group of the "why" view.
  linked: 'Linked with (?:health|disease)',
  // A phone number.
  phone: String.raw`\+?[\d ()-]{6,20}\d`,
  // The change finding's list: "your GMWI2 score went up and your evenness went down".
  changes: `${CHANGED}(?:(?:, | and )${CHANGED})*`,
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A template's pattern: its words literally (any run of spaces as one), its `{slots}` as SLOTS says. */
function pattern(template: string): RegExp {
  const body = escapeRegExp(template.normalize('NFKC').trim())
    .replace(/ +/g, ' +')
    // A line may break after a hyphen or a slash (the PDF's "health-|prevalent", "10.1038/|s41467"), and
    // pdftotext joins a word broken at its hyphen ("healthprevalent").
    .replace(/-/g, '(?:- ?)?')
    .replace(/\//g, '/ ?')
    .replace(/\\\{(#|\w+)\\\}/g, (_, slot: string) => {
      const slotPattern = SLOTS[slot];
      if (slotPattern === undefined) throw new Error(`unknown slot {${slot}} in "${template}"`);
      return `(?:${slotPattern})`;
    });
  // Whole words only: "health" must not eat the start of "healthy". A template that starts or ends with
  // punctuation needs no edge there ("…a diagnosis." may touch the next block's first word).
  const edge = /[\p{L}\p{N}{}]/u;
  const before = edge.test(template.trim().at(0) ?? '') ? '(?<![\\p{L}\\p{N}])' : '';
  const after = edge.test(template.trim().at(-1) ?? '') ? '(?![\\p{L}\\p{N}])' : '';
  return new RegExp(`${before}${body}${after}`, 'gu');
}

/** Every text the registry itself supplies: statements, what they do not mean, grades and sources. */
export function registryTexts(): string[] {
  return [
    // A statement's own slots (statementText's `{value}`) hold the person's numbers.
    ...Object.values(STATEMENTS).flatMap((s) =>
      [s.text, s.notMeaning].map((t) =>
        t.replace(/\{(\w+)\}/g, (slot, name: string) => (name in SLOTS ? slot : '{#}')),
      ),
    ),
    // A grade's title only beside its letter ("B (Good)"): alone, "Good" would take the word out of any sentence.
    ...Object.entries(EVIDENCE_GRADES).flatMap(([grade, g]) => [`${grade} (${g.title})`, g.meaning]),
    ...Object.values(CITATIONS).flatMap((c) => [c.label, `doi:${c.doi}`, `https://doi.org/${c.doi}`, c.doi]),
  ];
}

let compiled: RegExp[] | undefined;

/** How long a slot counts when templates are ordered: a score's name is longer than any label in it. */
const SLOT_LENGTH: Record<string, number> = { score: 45, changes: 30, linked: 18, date: 12, phone: 12 };
const orderLength = (template: string) =>
  template.replace(/\{(#|\w+)\}/g, (_, slot: string) => 'x'.repeat(SLOT_LENGTH[slot] ?? 3)).length;

/**
 * Longest first: a sentence is taken whole before a short label could take a word out of it, and
 * "GMWI2 (…): -0.67, below zero." before its label alone.
 */
function templates(): RegExp[] {
  const { name: _names, ...plain } = PLAIN_TEXTS;
  compiled ??= [...new Set([...registryTexts(), ...Object.values(plain).flat()])]
    .sort((a, b) => orderLength(b) - orderLength(a))
    .map(pattern);
  return compiled;
}

/**
 * The parts of a rendered text that are neither registry text, nor a listed plain text, nor one of `data`
 * (the person's names, the sample's taxa: things no template can list). The data are taken out first, so
 * a template's `{name}` can stand for them. Each part returned is a run of text between the pieces that
 * were recognised, trimmed; parts without a word (numbers, brackets, dots) are not returned.
 */
export function uncoveredText(rendered: string, data: readonly string[] = []): string[] {
  // NFKC: a PDF's ligatures (ﬁ, ﬀ) read as their letters.
  let rest = rendered.normalize('NFKC').replace(/\s+/g, ' ');
  const names = [
    ...new Set([...data, ...PLAIN_TEXTS.name].map((d) => d.trim()).filter((d) => d !== '')),
  ].sort((a, b) => b.length - a.length);
  for (const name of names.map((n) => n.normalize('NFKC')))
    rest = rest.replace(
      new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(name)}(?![\\p{L}\\p{N}])`, 'gu'),
      DATUM,
    );
  for (const template of templates()) rest = rest.replace(template, MARK);
  return rest
    .split(MARK)
    .map((part) => part.trim())
    .filter((part) => /\p{L}{2,}/u.test(part));
}

/**
 * The taxa a report names, as stored and as shown: the person's data, which no template lists (the
 * `data` of `uncoveredText` for the page, the PDF and the journey).
 */
export function reportTaxa(report: BuildReport): string[] {
  const names = [
    ...Object.values(report.composition).flatMap((entries) => entries.map((e) => e.name)),
    ...(report.gmwi2Contributions?.taxa ?? []).flatMap((t) => t.lineage.split('|').map((p) => p.slice(3))),
    ...(report.gmhiExplanation
      ? [report.gmhiExplanation.healthPrevalent, report.gmhiExplanation.healthScarce].flatMap((g) =>
          g.species.flatMap((s) => [s.name, s.label]),
        )
      : []),
  ];
  return names.flatMap((name) => [name, taxonLabel(name)]);
}
