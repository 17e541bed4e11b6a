export const ADULT_AGE = 18;

/** Whole years between a date of birth (YYYY-MM-DD) and today. */
export function ageOn(dateOfBirth: string, today: Date): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = today.getFullYear() - y;
  const beforeBirthday = today.getMonth() + 1 < m || (today.getMonth() + 1 === m && today.getDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

/**
 * A user is under age if the date of birth gives an age below 18; without a date of birth, if the
 * underAge flag is set. The date of birth decides when known, so the rules stop on the 18th birthday
 * even while a flag set at registration still says otherwise (issue 36).
 */
export function isUnderAge(
  user: { underAge: boolean; dateOfBirth?: string | null },
  today: Date = new Date(),
): boolean {
  if (user.dateOfBirth) return ageOn(user.dateOfBirth, today) < ADULT_AGE;
  return user.underAge;
}

export const UNDER_AGE_BANNERS = {
  reviewing:
    '{product} is reviewing your consent form. No results will be displayed for any samples that have been supplied until the review process is complete.',
  missing:
    'Until the parent/guardian consent is completed and uploaded into My Profile we are unable to display any results.',
  completeNow: 'Complete now',
} as const;

export type UnderAgeBanner = { kind: 'reviewing' | 'missing'; text: string } | null;

/** Which banner an under-age user sees (spec consumer §4 under-age consent table). */
export function underAgeBanner(user: {
  underAge: boolean;
  dateOfBirth?: string | null;
  parentConsented: boolean | null;
}): UnderAgeBanner {
  if (!isUnderAge(user)) return null;
  if (user.parentConsented === null) return { kind: 'reviewing', text: UNDER_AGE_BANNERS.reviewing };
  if (user.parentConsented === false) return { kind: 'missing', text: UNDER_AGE_BANNERS.missing };
  return null;
}

/** Reports are shown to minors only after their parent or guardian consented. */
export function canViewReports(user: {
  underAge: boolean;
  dateOfBirth?: string | null;
  parentConsented: boolean | null;
}): boolean {
  return !isUnderAge(user) || user.parentConsented === true;
}

export const REPORT_NOT_PERMITTED =
  "You don't have permission to view this report. Once we have reviewed your Parent/Guardian consent response, you will be provided access to your microbiome results.";

export type ResearchRestriction = 'PROFILE_INCOMPLETE' | 'PARENTAL_CONSENT' | null;

/**
 * Research §2: while the profile is incomplete the participant is kept on /profile with the sidebar
 * disabled; under-age participants without parental consent are restricted to the profile too.
 * The consumer portal has no such restriction (its banners and report guard cover minors).
 */
export function researchRestriction(
  appType: string,
  user: { underAge: boolean; dateOfBirth?: string | null; parentConsented: boolean | null },
  profileCompleted: boolean,
): ResearchRestriction {
  if (appType !== 'RESEARCH') return null;
  if (!profileCompleted) return 'PROFILE_INCOMPLETE';
  if (isUnderAge(user) && user.parentConsented !== true) return 'PARENTAL_CONSENT';
  return null;
}
