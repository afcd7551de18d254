// Random tokens and codes, and the one-way forms we store instead of them.
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A 256-bit opaque session token, URL-safe. */
export function generateSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Session ids are the SHA-256 of the token: a leaked table cannot be replayed. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A six-digit code with a uniform distribution, leading zeros kept. */
export function generateSixDigitCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/** Codes are short, so they are keyed with the app secret before they are stored. */
export function hashCode(secret: string, code: string): string {
  return createHmac('sha256', secret).update(code).digest('hex');
}

export function hashesMatch(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
