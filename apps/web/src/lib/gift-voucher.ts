/**
 * A gift's voucher kept from registration to the first complete profile (issue 21 item 3), as the
 * research portal keeps its participant code (pending-redeem.ts): the gift email links to
 * /dashboard?showModal=REDEEM&voucher=…, and a recipient without an account must first register, verify
 * their email, sign in and complete their profile. Kept in local storage, so it survives the trip
 * through the verification email; bound to the registering email, so nobody else on the browser gets it.
 */
const KEY = 'redeem_voucher_on_register';

/** The voucher of a gift link a guest was sent to sign in from (the sign-in page's `from`), if any. */
export function giftVoucherOf(state: unknown): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/dashboard?')) return null;
  const params = new URLSearchParams(from.slice('/dashboard'.length));
  const voucher = params.get('voucher')?.trim();
  return params.get('showModal') === 'REDEEM' && voucher ? voucher : null;
}

export function keepGiftVoucher(voucher: string, email: string): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify({ voucher, email: email.trim().toLowerCase() }));
  } catch {
    // Storage can be full or blocked; the gift email's link still works once signed in.
  }
}

/** Reads and clears the voucher kept for `email`; one kept for another email stays where it is. */
export function takeGiftVoucher(email: string): string | null {
  try {
    const raw = window.localStorage.getItem(KEY);
    if (!raw) return null;
    const kept = JSON.parse(raw) as { voucher?: unknown; email?: unknown };
    if (kept.email !== email.trim().toLowerCase()) return null;
    window.localStorage.removeItem(KEY);
    return typeof kept.voucher === 'string' ? kept.voucher : null;
  } catch {
    return null;
  }
}
