import { describe, expect, it } from 'vitest';
import {
  gmhiExplanation,
  gmhiOfSpecies,
  gmhiSpeciesOf,
  gmwi2,
  gmwi2Contributions,
  gmwi2GroupTaxa,
  gmwi2Movers,
  lineageTaxon,
  parseMergedSpeciesTable,
  parseMetaphlanProfile,
} from './index.ts';
import { profileStems, publishedGmwi2, readFixture } from './test-fixtures.ts';

const published = [
  ...profileStems('gmwi2').map((stem) => ['gmwi2', stem] as const),
  ...profileStems('gmwi2/kefir').map((stem) => ['gmwi2/kefir', stem] as const),
];
const unscored = profileStems('gmwi2/unscored').map((stem) => ['gmwi2/unscored', stem] as const);
const profileOf = (folder: string, stem: string) =>
  parseMetaphlanProfile(readFixture(`${folder}/${stem}_metaphlan.txt`));

describe('GMWI2 contributions', () => {
  it('covers all 45 GMWI2 profiles of the ingest set: 42 with published scores and taxa, 3 without', () => {
    expect(published).toHaveLength(42);
    expect(unscored).toHaveLength(3);
  });

  it.each([...published, ...unscored])('add up to the score of %s/%s within 1e-12', (folder, stem) => {
    const explained = gmwi2Contributions(profileOf(folder, stem));
    expect(explained).not.toBeNull();
    if (!explained) return;
    const sum = explained.taxa.reduce((s, t) => s + t.coefficient, explained.intercept);
    expect(Math.abs(sum - explained.score)).toBeLessThanOrEqual(1e-12);
    expect(explained.score).toBe(gmwi2(profileOf(folder, stem))?.score);
    const [health, disease] = explained.groups;
    expect(Math.abs(explained.intercept + health.subtotal + disease.subtotal - explained.score)).toBeLessThan(
      1e-12,
    );
  });

  it.each(published)('list exactly the published contributing taxa of %s/%s', (folder, stem) => {
    const expected = publishedGmwi2(folder, stem);
    const explained = gmwi2Contributions(profileOf(folder, stem));
    expect(explained?.taxa.map((t) => t.lineage).sort()).toEqual([...expected.taxa].sort());
    expect(Math.abs((explained?.score ?? Number.NaN) - expected.score)).toBeLessThanOrEqual(1e-9);
  });

  it('groups the example sample as linked with health (positive) and with disease (negative)', () => {
    const explained = gmwi2Contributions(profileOf('gmwi2', 'SRR1761667'));
    const taxa = explained?.taxa ?? [];
    expect(explained?.groups).toEqual([
      { linkedWith: 'health', title: 'Linked with health', subtotal: expect.any(Number) },
      { linkedWith: 'disease', title: 'Linked with disease', subtotal: expect.any(Number) },
    ]);
    const health = gmwi2GroupTaxa(taxa, 'health');
    const disease = gmwi2GroupTaxa(taxa, 'disease');
    expect(health.every((t) => t.coefficient > 0)).toBe(true);
    expect(disease.every((t) => t.coefficient < 0)).toBe(true);
    expect(health.length + disease.length).toBe(22);
    expect(explained?.groups[0].subtotal).toBe(health.reduce((s, t) => s + t.coefficient, 0));
    expect(explained?.intercept).toBe(0);
    const adolescentis = explained?.taxa.find((t) => t.lineage.endsWith('|s__Bifidobacterium_adolescentis'));
    // Stored as the lineage only: rank, name and label are read from it (decision 027, session 11).
    expect(adolescentis).toEqual({
      lineage:
        'k__Bacteria|p__Actinobacteria|c__Actinobacteria|o__Bifidobacteriales|f__Bifidobacteriaceae|g__Bifidobacterium|s__Bifidobacterium_adolescentis',
      coefficient: 0.184438966271142,
      linkedWith: 'health',
      percent: expect.any(Number),
    });
    expect(lineageTaxon(adolescentis?.lineage ?? '')).toEqual({
      rank: 's',
      name: 'Bifidobacterium_adolescentis',
    });
  });

  it('is null for a MetaPhlAn 4 profile', () => {
    expect(gmwi2Contributions(parseMetaphlanProfile(readFixture('edge/metaphlan4-sgb.txt')))).toBeNull();
  });
});

describe('What moved my score', () => {
  const pairs = [
    ['Subj001_time1_S1', 'Subj001_time2_S2'],
    ['Subj004_time1_S4', 'Subj007_time1_S5'],
    ['Subj030_time3_S20', 'SRR1761667'],
  ] as const;
  const explainedOf = (stem: string) => {
    const folder = stem.startsWith('SRR') ? 'gmwi2' : 'gmwi2/kefir';
    const explained = gmwi2Contributions(profileOf(folder, stem));
    if (!explained) throw new Error(`no GMWI2 for ${stem}`);
    return explained;
  };

  it.each(pairs)('%s → %s: the appearing and disappearing taxa sum to the difference', (a, b) => {
    const earlier = explainedOf(a);
    const later = explainedOf(b);
    const moved = gmwi2Movers(earlier, later);
    expect(moved.difference).toBe(later.score - earlier.score);
    const sum = moved.movers.reduce((s, m) => s + m.delta, 0);
    expect(Math.abs(sum - moved.difference)).toBeLessThanOrEqual(1e-12);
    const before = new Set(earlier.taxa.map((t) => t.lineage));
    for (const m of moved.movers) {
      expect(before.has(m.lineage)).toBe(m.change === 'disappeared');
      expect(m.delta).toBe(m.change === 'appeared' ? m.coefficient : -m.coefficient);
    }
  });

  it('lists nothing between a sample and itself', () => {
    const same = explainedOf('Subj004_time1_S4');
    expect(gmwi2Movers(same, same)).toMatchObject({ difference: 0, movers: [] });
  });
});

describe('GMHI explanation', () => {
  const table = parseMergedSpeciesTable(readFixture('gmhi/species_relative_abundances_22samples.csv'));

  it.each(table.samples.map((s) => [s.sample, s.species] as const))(
    'recomputes the GMHI of %s from its two diversity terms',
    (_sample, species) => {
      const explained = gmhiExplanation(species);
      expect(explained).not.toBeNull();
      if (!explained) return;
      const { healthPrevalent: h, healthScarce: n, pseudocount } = explained;
      expect(explained.score).toBe(gmhiOfSpecies(species));
      const recomputed = Math.log10((h.psi + pseudocount) / (n.psi + pseudocount));
      expect(Math.abs(recomputed - explained.score)).toBeLessThanOrEqual(1e-12);
      for (const group of [h, n]) {
        expect(group.present).toBe(group.species.length);
        const entropy = group.species.reduce((s, t) => s + t.entropy, 0);
        expect(Math.abs(entropy - group.entropy)).toBeLessThanOrEqual(1e-12);
        expect(group.psi).toBeCloseTo((group.present / group.divisor) * entropy, 12);
        for (const t of group.species) expect(t.entropy).toBeCloseTo(-t.fraction * Math.log(t.fraction), 15);
      }
      expect([h.listed, h.divisor, n.listed, n.divisor]).toEqual([7, 7, 43, 31]);
    },
  );

  it('names the species present with their shares: the hand example', () => {
    const explained = gmhiExplanation({
      Bifidobacterium_adolescentis: 40,
      Alistipes_senegalensis: 20,
      Clostridium_bolteae: 20,
      Bacteroides_vulgatus: 10,
      Bacteroides_unclassified: 500,
    });
    expect(explained?.healthPrevalent.species.map((s) => [s.name, s.fraction])).toEqual([
      ['Bifidobacterium_adolescentis', 40 / 90],
      ['Alistipes_senegalensis', 20 / 90],
    ]);
    expect(explained?.healthScarce.species).toMatchObject([
      { name: 'Clostridium_bolteae', label: 'Clostridium bolteae', linkedWith: 'disease' },
    ]);
  });

  it('explains a MetaPhlAn 3 profile under GMHI names (Hungatella hathewayi counts as Clostridium hathewayi)', () => {
    const profile = profileOf('gmwi2/kefir', 'Subj004_time1_S4');
    const species = gmhiSpeciesOf(profile);
    const explained = gmhiExplanation(species);
    expect(explained?.score).toBe(gmhiOfSpecies(species));
    const named = [
      ...(explained?.healthPrevalent.species ?? []),
      ...(explained?.healthScarce.species ?? []),
    ].map((s) => s.name);
    expect(named.length).toBeGreaterThan(0);
    expect(named.every((name) => !name.startsWith('Hungatella'))).toBe(true);
  });

  it('is null when GMHI is', () => {
    expect(gmhiExplanation({})).toBeNull();
  });
});
