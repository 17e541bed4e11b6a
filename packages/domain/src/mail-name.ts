/**
 * A name a person typed, made fit for an email's greeting or subject (issue 32): anyone can have the
 * portal mail any address with a name of their choosing (registration, the study interest form, a gift),
 * so a name must not carry a link or start a paragraph of its own. Line breaks and other control
 * characters become spaces; web addresses (`http://…`, `www.…`, `evil.example/…`), email addresses and
 * bare host names (`evil.com`) are removed; what is left is trimmed to 40 characters. An empty result
 * gives `fallback`.
 */
export function mailName(name: string | null | undefined, fallback = 'there'): string {
  const plain = (name ?? '')
    .replace(/[\p{Cc}\p{Zl}\p{Zp}\u200b-\u200f\u2060\ufeff]/gu, ' ')
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/\S*/gi, ' ')
    .replace(/\S*@\S*/g, ' ')
    .replace(/\S*\bwww\.\S*/gi, ' ')
    .replace(/\S*[\p{L}\p{N}-]\.[a-z]{2,}(?:[/:?#]\S*)?(?=\s|$)/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 40)
    .trim();
  return plain || fallback;
}

/** The first line of every email to a person: "Hi Ada," (mailName's rules; "Hi there," without a name). */
export const mailGreeting = (name: string | null | undefined) => `Hi ${mailName(name)},`;
