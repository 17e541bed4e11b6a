/** README.txt: what each file of the export holds, naming only the parts this export has. */
export function readme(brand: string, now: Date, paths: string[], reportsShown: boolean) {
  const has = (prefix: string) => paths.some((p) => p.startsWith(prefix));
  const lines = [
    `Your data from ${brand}`,
    `Made ${now.toISOString()} at your request.`,
    '',
    'What each file holds:',
    '',
    'profile.json       You: your details, every consent you answered (document, version, time and answer,',
    '                   withdrawals included), your email choices, your parental consent forms (not their',
    '                   images), your orders and subscriptions with each renewal charge',
    '                   (prices, items and addresses; no card data: we never hold card numbers).',
    'consent-ledger.csv Every answer you (or your parent or guardian) gave to a consent, the terms or the',
    '                   privacy policy: when, which document and version, the answer, who answered and',
    '                   through which page of the portal. Every version can be read in My Profile.',
    'kits.json          Every kit you hold, with its timeline, and the kits you gave to others.',
  ];
  if (has('answers/'))
    lines.push(
      'answers/<sample>-<questionnaire>.csv',
      '                   One file per questionnaire of each kit: the question text, your answer as text,',
      '                   when you gave it and the version of the questionnaire.',
      'answers/codebook.csv',
      '                   Every question of those questionnaires with its answer type and options.',
    );
  if (has('reports/'))
    lines.push(
      'reports/<sample>.pdf            Your report, as the portal shows it.',
      "reports/<sample>_metaphlan.txt  The lab's original MetaPhlAn profile of the sample, as imported.",
      'reports/<sample>_taxa.csv       Every taxon: rank, name, NCBI taxon id, relative abundance (%),',
      '                                percentile in the reference set where one exists (species).',
    );
  else if (!reportsShown)
    lines.push(
      'reports/           Not included: reports are shown to a person under 18 only after a parent or',
      '                   guardian has consented, and this export holds what the portal shows you.',
    );
  lines.push(
    'report-shares.json Every link you made to show your reports to a practitioner: which reports, when',
    'report-shares.csv  you made it, when it expires or expired, when you revoked it, whether it has a PIN,',
    '                   who it was sent to, and every time it was opened (when, which browser, which',
    '                   country). The links themselves are not included: they are the keys to your reports.',
    'fhir-bundle.json   The same data in the HL7 FHIR R4 health-data standard: a Bundle (type collection)',
    '                   with a Patient (you), an Observation for each score of each report (value, unit,',
    '                   method), a QuestionnaireResponse for each questionnaire, a Consent for each consent',
    '                   answer and a DocumentReference for each report PDF. Other health apps can read it.',
    'access-log.csv     Every time our support staff viewed your account (read-only support view): when,',
    '                   who, what they looked at, and whether a change they tried was refused.',
    'manifest.json      Each file above with its size and SHA-256 checksum, to check nothing was changed.',
    '',
    'A parent or guardian account holds its dependant’s kits, answers and reports: they are all here.',
    'Questions about your data, or a correction: write to our support address (see docs/privacy.md).',
    '',
  );
  return lines.join('\r\n');
}
