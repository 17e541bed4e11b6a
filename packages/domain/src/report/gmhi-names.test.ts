import { describe, expect, it } from 'vitest';
import {
  GMHI_SPECIES_SYNONYMS,
  gmhi,
  gmhiExplanation,
  gmhiSignatureSpecies,
  gmhiSpeciesName,
  gmhiSpeciesOf,
  parseMetaphlanProfile,
} from './index.ts';
import { profileStems, readFixture } from './test-fixtures.ts';

const mpa30 = ['gmwi2', 'gmwi2/kefir', 'gmwi2/unscored'].flatMap((folder) =>
  profileStems(folder).map((stem) => parseMetaphlanProfile(readFixture(`${folder}/${stem}_metaphlan.txt`))),
);
const signature = new Set(Object.values(gmhiSignatureSpecies()).flat());

describe('GMHI species names across MetaPhlAn databases', () => {
  it('maps every synonym to one of the 50 signature species', () => {
    for (const { gmhi: name } of Object.values(GMHI_SPECIES_SYNONYMS)) expect(signature.has(name)).toBe(true);
  });

  it('is checked against the 45 mpa_v30 profiles of the ingest set: each name seen there carries the taxon id the table notes', () => {
    expect(mpa30).toHaveLength(45);
    // The id a GMHI name stands for, from the synonyms (the pooled Streptococcus group has three).
    const idsOfGmhiName = new Map<string, Set<string>>();
    for (const { gmhi: name, ncbiTaxId } of Object.values(GMHI_SPECIES_SYNONYMS))
      idsOfGmhiName.set(name, new Set([...(idsOfGmhiName.get(name) ?? []), ncbiTaxId]));
    const seen = new Set<string>();
    for (const profile of mpa30) {
      for (const t of profile.taxa.filter((x) => x.rank === 's')) {
        const synonym = Object.hasOwn(GMHI_SPECIES_SYNONYMS, t.name)
          ? GMHI_SPECIES_SYNONYMS[t.name]
          : undefined;
        if (synonym) {
          expect(t.ncbiTaxId, t.name).toBe(synonym.ncbiTaxId);
          seen.add(t.name);
        }
        const ids = idsOfGmhiName.get(t.name);
        if (ids) {
          expect(ids.has(t.ncbiTaxId ?? ''), t.name).toBe(true);
          seen.add(t.name);
        }
      }
    }
    // The renames mpa_v30 made are seen under their new names, with the old name's taxon id.
    expect([...seen]).toEqual(
      expect.arrayContaining([
        'Hungatella_hathewayi',
        'Erysipelatoclostridium_ramosum',
        'Tyzzerella_nexilis',
        'Streptococcus_mitis',
        'Streptococcus_oralis',
        'Clostridium_bolteae',
        'Lactobacillus_salivarius',
      ]),
    );
  });

  it('counts renamed species in the GMHI of mpa_v30 profiles, and leaves MetaPhlAn 2 names alone', () => {
    const renamed = mpa30.filter((p) =>
      p.taxa.some((t) => t.rank === 's' && t.abundance > 0 && Object.hasOwn(GMHI_SPECIES_SYNONYMS, t.name)),
    );
    expect(renamed.length).toBeGreaterThan(0);
    for (const profile of renamed) {
      const species = gmhiSpeciesOf(profile);
      expect(Object.keys(species).some((name) => Object.hasOwn(GMHI_SPECIES_SYNONYMS, name))).toBe(false);
    }
    const mpa2 = parseMetaphlanProfile(readFixture('edge/metaphlan2.txt'));
    expect(Object.keys(gmhiSpeciesOf(mpa2)).sort()).toEqual(
      [...new Set(mpa2.taxa.filter((t) => t.rank === 's').map((t) => t.name))].sort(),
    );
  });

  it('sums the three Streptococcus species MetaPhlAn 2 pooled', () => {
    const profile = parseMetaphlanProfile(readFixture('edge/metaphlan4-vjan21.txt'));
    expect(gmhiSpeciesOf(profile).Streptococcus_mitis_oralis_pneumoniae).toBeCloseTo(4, 12);
    expect(gmhiSpeciesName('Streptococcus_pneumoniae')).toBe('Streptococcus_mitis_oralis_pneumoniae');
    expect(gmhiSpeciesName('constructor')).toBe('constructor');
  });

  it('scores MetaPhlAn 4 profiles (mpa_vJan21, mpa_vOct22) with their renamed signature species', () => {
    const jan21 = gmhiExplanation(
      gmhiSpeciesOf(parseMetaphlanProfile(readFixture('edge/metaphlan4-vjan21.txt'))),
    );
    expect(jan21?.healthScarce.species.map((s) => s.name).sort()).toEqual([
      'Clostridium_bolteae',
      'Clostridium_hathewayi',
      'Ruminococcus_gnavus',
      'Streptococcus_mitis_oralis_pneumoniae',
    ]);
    expect(jan21?.healthPrevalent.species.map((s) => s.name)).toEqual(['Bifidobacterium_adolescentis']);
    const oct22 = parseMetaphlanProfile(readFixture('edge/metaphlan4-voct22-gmhi.txt'));
    const explained = gmhiExplanation(gmhiSpeciesOf(oct22));
    expect(explained?.healthScarce.species.map((s) => s.name).sort()).toEqual([
      'Clostridium_clostridioforme',
      'Lactobacillus_salivarius',
    ]);
    expect(explained?.score).toBe(gmhi(oct22));
    // By hand: the species GMHI counts are all eight (none unclassified or viral), 72.8 % of the sample.
    const x = (percent: number) => percent / 72.8;
    const h = (v: number) => -v * Math.log(v);
    const psiH = (2 / 7) * (h(x(6)) + h(x(5.5)));
    const psiN = (2 / 31) * (h(x(4)) + h(x(3)));
    expect(gmhi(oct22)).toBeCloseTo(Math.log10((psiH + 1e-5) / (psiN + 1e-5)), 12);
  });
});
