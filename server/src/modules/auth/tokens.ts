import { sha256 } from '@oslojs/crypto/sha2'
import { encodeBase32LowerCaseNoPadding, encodeBase64urlNoPadding } from '@oslojs/encoding'

/** 160 random bits from the platform CSPRNG, base32: the session token and one-time codes. */
export function randomToken(): string {
  const bytes = new Uint8Array(20)
  crypto.getRandomValues(bytes)
  return encodeBase32LowerCaseNoPadding(bytes)
}

/** SHA-256 of a string, lowercase hex (native: it runs on every authenticated request). */
export const sha256Hex = (value: string) =>
  new Bun.CryptoHasher('sha256').update(value).digest('hex')

/** The PKCE S256 challenge of a verifier (RFC 7636). */
export const pkceChallenge = (verifier: string) =>
  encodeBase64urlNoPadding(sha256(new TextEncoder().encode(verifier)))

export function randomVerifier(): string {
  const bytes = new Uint8Array(32)
  crypto.getRandomValues(bytes)
  return encodeBase64urlNoPadding(bytes)
}
