// PUT /api/user/profile (spec 2 Account page): postcode, suburb and state, with the 30-day
// postcode lock enforced here whatever the page shows.
import { eq } from 'drizzle-orm';
import { nextPostcodeChangeAllowedAt, postcodeLockedMessage, type UpdateProfileBody } from '../../domain/account';
import { AppError } from '../../domain/errors';
import { formatListingLocation } from '../../domain/listing';
import type { CurrentUser } from '../../domain/user-schemas';
import { toCurrentUser } from '../auth';
import { users } from '../db/schema';
import { writeTransaction } from '../db/write-transaction';
import type { ServerDeps } from '../deps';
import { findPostcode, missingPostcodeMessage } from '../postcodes';

export async function updateProfile(deps: ServerDeps, input: { userId: string; body: UpdateProfileBody }): Promise<CurrentUser> {
  const { userId, body } = input;
  const now = deps.clock.now();
  const place = findPostcode(body.postcode);
  if (!place) throw new AppError('POSTCODE_UNKNOWN', missingPostcodeMessage(body.postcode));
  // Without a choice, the postcode's main locality (its first suburb).
  const suburb = body.suburb ? place.suburbs.find((name) => name.toLowerCase() === body.suburb!.toLowerCase()) : place.suburbs[0];
  if (!suburb) throw new AppError('SUBURB_NOT_IN_POSTCODE');
  if (body.state && body.state.toUpperCase() !== place.state) throw new AppError('STATE_MISMATCH');

  return writeTransaction(deps, async (tx, changes) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    const postcodeChanges = user.postcode !== body.postcode;
    const unlock = postcodeChanges ? nextPostcodeChangeAllowedAt(user, now) : null;
    if (unlock) throw new AppError('POSTCODE_CHANGE_TOO_SOON', postcodeLockedMessage(unlock));
    const [updated] = await tx
      .update(users)
      .set({
        postcode: body.postcode,
        suburb,
        state: place.state,
        location: formatListingLocation({ suburb, state: place.state, postcode: body.postcode }),
        ...(postcodeChanges ? { postcodeLastChanged: now, postcodeIsFirstSetting: user.postcode === null } : {}),
      })
      .where(eq(users.id, userId))
      .returning();
    changes.touch('members', userId);
    return toCurrentUser(updated);
  });
}
