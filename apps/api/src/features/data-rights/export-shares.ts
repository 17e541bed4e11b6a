import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { reportShares, reportShareViews } from '../../db/schema/index.ts';
import { csv, type ExportFile, exportFile, iso, json } from './export-format.ts';

/**
 * report-shares.json and report-shares.csv (issue 36): every share link the person made of their reports,
 * with its creation, expiry, revocation and each opening (when, browser, country). The link's id is its
 * secret (whoever has it, with the key after `#`, opens the reports), so it is left out: links are numbered
 * from the oldest instead, as the person can match them by date in My Profile.
 */
export async function shareFiles(db: DbOrTx, userId: string, now: Date): Promise<ExportFile[]> {
  const links = await db
    .select({
      id: reportShares.id,
      samples: reportShares.samples,
      createdAt: reportShares.createdAt,
      expiresAt: reportShares.expiresAt,
      revokedAt: reportShares.revokedAt,
      pinHash: reportShares.pinHash,
      recipientName: reportShares.recipientName,
      recipientCode: reportShares.recipientCode,
    })
    .from(reportShares)
    .where(eq(reportShares.ownerId, userId))
    .orderBy(asc(reportShares.createdAt), asc(reportShares.id));
  const views = links.length
    ? await db
        .select()
        .from(reportShareViews)
        .where(
          inArray(
            reportShareViews.shareId,
            links.map((l) => l.id),
          ),
        )
        .orderBy(asc(reportShareViews.viewedAt), asc(reportShareViews.id))
    : [];
  const shares = links.map((link, i) => ({
    link: i + 1,
    reports: link.samples,
    createdAt: iso(link.createdAt),
    expiresAt: iso(link.expiresAt),
    revokedAt: iso(link.revokedAt),
    status: link.revokedAt ? 'REVOKED' : link.expiresAt <= now ? 'EXPIRED' : 'ACTIVE',
    pinProtected: link.pinHash !== null,
    recipient: link.recipientName ? { name: link.recipientName, referralCode: link.recipientCode } : null,
    views: views
      .filter((v) => v.shareId === link.id)
      .map((v) => ({ viewedAt: iso(v.viewedAt), browser: v.browser, country: v.country })),
  }));
  const header = [
    'link',
    'reports',
    'created_at',
    'expires_at',
    'revoked_at',
    'status',
    'pin_protected',
    'recipient',
    'viewed_at',
    'browser',
    'country',
  ];
  // One row per opening; a link never opened has one row with the view columns empty.
  const rows = shares.flatMap((s) => {
    const base = [
      s.link,
      s.reports.join(' '),
      s.createdAt,
      s.expiresAt,
      s.revokedAt,
      s.status,
      s.pinProtected ? 'yes' : 'no',
      s.recipient?.name ?? null,
    ];
    return s.views.length
      ? s.views.map((v) => [...base, v.viewedAt, v.browser, v.country])
      : [[...base, null, null, null]];
  });
  return [
    exportFile('report-shares.json', json({ shares })),
    exportFile('report-shares.csv', csv([header, ...rows])),
  ];
}
