/**
 * Emailed links carry their token as the first query key (`/verify-email?<token>`). A link written
 * as `?token=<value>` is read too.
 */
export function tokenFromSearch(search: string): string | null {
  const first = new URLSearchParams(search).entries().next();
  if (first.done) return null;
  const [key, value] = first.value;
  const token = key === 'token' ? value : key;
  return token.trim() || null;
}
