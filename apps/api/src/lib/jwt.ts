import { createSigner, createVerifier } from 'fast-jwt';

/**
 * The portal's signed tokens: HS256 with the server's secret, each kind with its own audience, always
 * expiring. fast-jwt signs and verifies with node:crypto synchronously; an access token is checked on
 * every signed-in request, and WebCrypto's asynchronous HMAC cost 10× as much (decision 010).
 * Signers and verifiers are built once per secret and audience.
 */
export type TokenKind = { audience: string; ttlSeconds: number };

type Claims = Record<string, unknown>;
type Signer = (payload: Claims) => string;
type Verifier = (token: string) => Claims;

/** Verification outcomes kept per kind of token (about 200 bytes each). */
const VERIFIED_TOKENS_KEPT = 10_000;

const signers = new Map<string, Signer>();
const verifiers = new Map<string, Verifier>();

function cached<T>(map: Map<string, T>, key: string, build: () => T): T {
  let value = map.get(key);
  if (!value) {
    value = build();
    map.set(key, value);
  }
  return value;
}

/** A token of this kind; `claims` may carry `sub` and the kind's own claims. */
export function signToken(secret: string, kind: TokenKind, claims: Claims): string {
  const sign = cached(signers, `${kind.audience}\n${kind.ttlSeconds}\n${secret}`, () =>
    createSigner({ key: secret, algorithm: 'HS256', aud: kind.audience, expiresIn: kind.ttlSeconds * 1000 }),
  );
  return sign(claims);
}

/**
 * The claims of a token of this kind, or an Error: a wrong signature or algorithm (only HS256; "none"
 * never), another audience or none, no expiry, expired, not valid yet, or not a token at all.
 */
export function verifyToken(secret: string, audience: string, token: string): Claims {
  const verify = cached(verifiers, `${audience}\n${secret}`, () =>
    createVerifier({
      key: secret,
      algorithms: ['HS256'],
      allowedAud: audience,
      requiredClaims: ['aud', 'exp'],
      // A signed-in page sends the same access token with each of its requests for the token's 15
      // minutes: fast-jwt remembers the outcome of a check by the token's SHA-256 (never the token
      // itself), bounded by the token's own expiry, so a repeated token skips the HMAC and the JSON
      // decoding. Least recently used entries go first; the person's row is still read per request.
      cache: VERIFIED_TOKENS_KEPT,
    }),
  );
  return verify(token);
}
