import { REGISTRATION_MESSAGES } from '@portal/domain';
import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { consentResponses, consents } from '../../db/schema/index.ts';
import { conflict } from '../../lib/errors.ts';

type Shown = { termsVersion?: string | undefined; privacyVersion?: string | undefined };

/** The terms and privacy rows (flow 90) whose current versions signing up agrees to. */
async function legalDocuments(tx: Tx) {
  const rows = await tx
    .select({ id: consents.id, document: consents.document, version: consents.version })
    .from(consents)
    .where(inArray(consents.document, ['TERMS', 'PRIVACY']));
  return {
    terms: rows.find((r) => r.document === 'TERMS'),
    privacy: rows.find((r) => r.document === 'PRIVACY'),
  };
}

/**
 * Before an account is created: the terms and privacy versions the sign-up page showed must still be
 * the current ones (409 otherwise, nothing created). Checked before the email is looked at, so the
 * answer says nothing about the account.
 */
export async function checkSignUpVersions(tx: Tx, shown: Shown) {
  const { terms, privacy } = await legalDocuments(tx);
  const stale =
    (shown.termsVersion !== undefined && terms && shown.termsVersion !== terms.version) ||
    (shown.privacyVersion !== undefined && privacy && shown.privacyVersion !== privacy.version);
  if (stale) throw conflict(REGISTRATION_MESSAGES.legalChanged);
}

/**
 * At sign-up, in the account's own transaction (issue 36): the agreement to the terms and the privacy
 * policy, each a ledger entry at the version in force (the one the page showed, checked above), page
 * REGISTRATION. A parent's account for their child: the guardian agrees, for the child.
 */
export async function recordSignUpAgreement(tx: Tx, userId: string, guardian: boolean) {
  const { terms, privacy } = await legalDocuments(tx);
  const documents = [terms, privacy].filter((d) => d !== undefined);
  if (!documents.length) return;
  await tx.insert(consentResponses).values(
    documents.map((d) => ({
      consentId: d.id,
      consenterType: 'USER',
      consenterId: userId,
      consented: true,
      consentVersion: d.version,
      actor: guardian ? 'GUARDIAN' : 'SELF',
      page: 'REGISTRATION',
    })),
  );
}
