// The hand-off between Google's return and the landing page (decision 11): a random token, kept
// hashed in verification_codes, that the landing page redeems once for a session. The signed
// cookie carries it; a cookie forged with a leaked APP_SECRET names no recorded token, and a
// copied cookie works only for the first request that presents it.
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../db/open-database';
import { verificationCodes } from '../db/schema';
import { generateSessionToken, hashCode, hashesMatch } from './secrets';

const handOffType = 'google_sign_in';
/** The landing page picks its session up as soon as it loads. */
export const handOffLifetimeMs = 2 * 60 * 1000;
const dayMs = 24 * 60 * 60 * 1000;

type HandOffInput = { userId: string; secret: string; now: Date };

/** Records a hand-off for the member Google signed in; returns the token for the cookie. */
export async function recordGoogleHandOff(db: Queryable, input: HandOffInput): Promise<string> {
  const token = generateSessionToken();
  const mine = and(eq(verificationCodes.userId, input.userId), eq(verificationCodes.type, handOffType));
  await db.delete(verificationCodes).where(and(mine, lt(verificationCodes.createdAt, new Date(input.now.getTime() - dayMs))));
  await db.insert(verificationCodes).values({
    userId: input.userId,
    type: handOffType,
    code: hashCode(input.secret, token),
    expiresAt: new Date(input.now.getTime() + handOffLifetimeMs),
  });
  return token;
}

/** True once for a recorded, unexpired hand-off of this member; false for anything else, and ever after. */
export async function redeemGoogleHandOff(db: Queryable, input: HandOffInput & { token: string }): Promise<boolean> {
  const hash = hashCode(input.secret, input.token);
  const live = await db
    .select({ id: verificationCodes.id, code: verificationCodes.code })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, input.userId), eq(verificationCodes.type, handOffType), eq(verificationCodes.isUsed, false), gt(verificationCodes.expiresAt, input.now)));
  const match = live.find((row) => hashesMatch(row.code, hash));
  if (!match) return false;
  // The where on is_used lets one of two racing pick-ups through.
  const used = await db
    .update(verificationCodes)
    .set({ isUsed: true, attempts: sql`${verificationCodes.attempts} + 1` })
    .where(and(eq(verificationCodes.id, match.id), eq(verificationCodes.isUsed, false)))
    .returning({ id: verificationCodes.id });
  return used.length === 1;
}
