import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client.ts';
import { recruitmentConsents } from '../db/schema/index.ts';

const CSP = 'content-security-policy';
const STAFF_PAGE = /^\/staff(?:[/?#]|$)/;
const CONSENT_PAGE = /^\/recruitment\/(\d{1,9})\/candidate\/[^/]+\/consent\/[^/?#]+/;

/** The policy with frame-ancestors 'self': our own pages may frame this answer, no other site may. */
export const framableBySelf = (policy: string) =>
  policy.replace(/frame-ancestors [^;]*/, "frame-ancestors 'self'");

/** The policy with these origins added to frame-src. */
export function withFrameSources(policy: string, origins: string[]): string {
  if (origins.length === 0) return policy;
  return policy.replace(
    /frame-src ([^;]*)/,
    (_m, sources: string) => `frame-src ${sources} ${origins.join(' ')}`,
  );
}

/** The web origins of the PDFs of a recruitment's consents (the whole chain: the page moves along it). */
export async function consentPdfOrigins(db: DbOrTx, recruitmentId: number): Promise<string[]> {
  const rows = await db
    .select({ url: recruitmentConsents.url })
    .from(recruitmentConsents)
    .where(eq(recruitmentConsents.recruitmentId, recruitmentId));
  const origins = new Set<string>();
  for (const { url } of rows) {
    if (!url) continue;
    try {
      const parsed = new URL(url);
      if (parsed.protocol === 'https:' || parsed.protocol === 'http:') origins.add(parsed.origin);
    } catch {
      // A relative or malformed address is served from our origin or not at all: nothing to allow.
    }
  }
  return [...origins];
}

/**
 * The portal frames PDFs: the terms and privacy viewer its own, a recruitment consent page the
 * consent's document wherever the study keeps it (research §2), and the staff console a consent form it
 * fetched (blob:). Every answer is unframable
 * (frame-ancestors 'none') except PDFs, which our own pages may frame; and a consent page's frame-src
 * also allows the hosts of its recruitment's consent PDFs.
 */
export function framePolicy(db: DbOrTx) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const policy = reply.getHeader(CSP);
    if (typeof policy !== 'string') return;
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('application/pdf')) reply.header(CSP, framableBySelf(policy));
    else if (type.startsWith('text/html') && request.method === 'GET') {
      const consentPage = CONSENT_PAGE.exec(request.url);
      // The staff console shows a minor's consent form inline from the bytes it fetched with its token
      // (a blob: URL of a PDF, PNG or JPEG only: features/staff-people/api.ts).
      if (STAFF_PAGE.test(request.url)) reply.header(CSP, withFrameSources(policy, ['blob:']));
      else if (consentPage) {
        const origins = await consentPdfOrigins(db, Number(consentPage[1]));
        reply.header(CSP, withFrameSources(policy, origins));
      }
    }
  };
}
