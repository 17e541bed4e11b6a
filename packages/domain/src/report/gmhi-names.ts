import type { MetaphlanProfile } from './profile.ts';

/**
 * GMHI's 50 signature species carry MetaPhlAn 2 names (2018 NCBI taxonomy). MetaPhlAn 3 (`mpa_v30`) and
 * MetaPhlAn 4 (`mpa_vJan21`, `mpa_vOct22`) name some of them differently, after later NCBI
 * reclassifications. Each entry maps a newer name to the GMHI name it stands for; both names belong to
 * the same NCBI taxon id (noted), so the mapping renames and never merges two different species.
 *
 * Sources: NCBI Taxonomy (the taxon ids); the `mpa_v30` rows of the GMWI2 profiles in
 * `data/ingest/gmwi2/` (Hungatella hathewayi 154046, Erysipelatoclostridium ramosum 1547, Tyzzerella
 * nexilis 29361, Streptococcus mitis 28037 and oralis 1303 appear there with those ids, and the GMHI
 * names do not; Clostridium bolteae 208479, citroniae 358743, clostridioforme 1531, asparagiforme 333367
 * and Lactobacillus salivarius 1624 appear there under their GMHI names); the reclassifications of Clostridium into Enterocloster (Haas & Blanchard, 2020) and of
 * Lactobacillus into Ligilactobacillus (Zheng et al., 2020), which MetaPhlAn 4's NCBI-2021 names follow.
 */
export const GMHI_SPECIES_SYNONYMS: Readonly<Record<string, { gmhi: string; ncbiTaxId: string }>> = {
  Hungatella_hathewayi: { gmhi: 'Clostridium_hathewayi', ncbiTaxId: '154046' },
  Erysipelatoclostridium_ramosum: { gmhi: 'Clostridium_ramosum', ncbiTaxId: '1547' },
  Tyzzerella_nexilis: { gmhi: 'Clostridium_nexile', ncbiTaxId: '29361' },
  Enterocloster_bolteae: { gmhi: 'Clostridium_bolteae', ncbiTaxId: '208479' },
  Enterocloster_citroniae: { gmhi: 'Clostridium_citroniae', ncbiTaxId: '358743' },
  Enterocloster_clostridioformis: { gmhi: 'Clostridium_clostridioforme', ncbiTaxId: '1531' },
  Enterocloster_asparagiformis: { gmhi: 'Clostridium_asparagiforme', ncbiTaxId: '333367' },
  Ligilactobacillus_salivarius: { gmhi: 'Lactobacillus_salivarius', ncbiTaxId: '1624' },
  // MetaPhlAn 2 pooled these three into one marker set; newer databases list them apart, so they are summed.
  Streptococcus_mitis: { gmhi: 'Streptococcus_mitis_oralis_pneumoniae', ncbiTaxId: '28037' },
  Streptococcus_oralis: { gmhi: 'Streptococcus_mitis_oralis_pneumoniae', ncbiTaxId: '1303' },
  Streptococcus_pneumoniae: { gmhi: 'Streptococcus_mitis_oralis_pneumoniae', ncbiTaxId: '1313' },
};

/** The GMHI name of a species as a newer database names it; the name itself when there is no synonym. */
export function gmhiSpeciesName(name: string): string {
  return Object.hasOwn(GMHI_SPECIES_SYNONYMS, name) ? (GMHI_SPECIES_SYNONYMS[name]?.gmhi ?? name) : name;
}

/**
 * Species rows of a profile under GMHI's names: MetaPhlAn 2 profiles are taken as they are, newer ones
 * through GMHI_SPECIES_SYNONYMS. A name reached from several rows (the Streptococcus group) is summed.
 */
export function gmhiSpeciesOf(profile: MetaphlanProfile): Record<string, number> {
  const rename = profile.markerVersion === 2 ? (name: string) => name : gmhiSpeciesName;
  // A Map: names come from the lab's file, and `s__constructor` must not add to what objects inherit.
  const species = new Map<string, number>();
  for (const t of profile.taxa) {
    if (t.rank !== 's') continue;
    const name = rename(t.name);
    species.set(name, (species.get(name) ?? 0) + t.abundance);
  }
  return Object.fromEntries(species);
}
