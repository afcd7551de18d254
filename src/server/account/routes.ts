// Account API (spec 7): profile, postcode lock, phone, and the postcode directory for the form.
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountMessages, canChangePostcodeSchema, describePostcodeLock, postcodePlaceSchema, updatePhoneBody, updateProfileBody } from '../../domain/account';
import { AppError } from '../../domain/errors';
import { postcodePattern } from '../../domain/postcodes';
import { currentUserSchema } from '../../domain/user-schemas';
import { toCurrentUser } from '../auth/current-user';
import { requireUser, signedInUser } from '../auth/guards';
import { users } from '../db/schema';
import type { ServerDeps } from '../deps';
import { findPostcode, missingPostcodeMessage } from '../postcodes/postcode-directory';
import { updateProfile } from './update-profile';

const tags = ['account'];

export const accountRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;
    const userOf = (request: FastifyRequest) => request.user?.id;
    // spec 6: profile, phone and postcode edits are rate limited. A member saves these a few
    // times at most; the limits stop a script churning the row (and, for the phone, the checks).
    const profileSaving = { onRequest: [requireUser, deps.limits.perKey('profile-save', 20, '1 hour', userOf)] };
    const phoneSaving = { onRequest: [requireUser, deps.limits.perKey('phone-save', 10, '1 hour', userOf)] };

    app.put('/api/user/profile', { ...profileSaving, schema: { tags, body: updateProfileBody, response: { 200: currentUserSchema } } }, async (request) =>
      updateProfile(db, signedInUser(request).id, request.body),
    );

    app.get('/api/user/can-change-postcode', { onRequest: requireUser, schema: { tags, response: { 200: canChangePostcodeSchema } } }, async (request) =>
      describePostcodeLock(signedInUser(request)),
    );

    /** Saving a different number un-verifies the phone until the new number is confirmed. */
    app.put('/api/user/phone', { ...phoneSaving, schema: { tags, body: updatePhoneBody, response: { 200: currentUserSchema } } }, async (request) => {
      const user = signedInUser(request);
      if (request.body.phone === user.phone) return toCurrentUser(user);
      const [updated] = await db.update(users).set({ phone: request.body.phone, isPhoneVerified: false }).where(eq(users.id, user.id)).returning();
      return toCurrentUser(updated);
    });

    app.get(
      '/api/postcodes/:postcode',
      { schema: { tags, params: z.object({ postcode: z.string().regex(postcodePattern, accountMessages.postcodeInvalid) }), response: { 200: postcodePlaceSchema } } },
      async (request) => {
        const place = findPostcode(request.params.postcode);
        if (!place) throw new AppError('NOT_FOUND', missingPostcodeMessage(request.params.postcode));
        return { postcode: place.postcode, state: place.state, suburbs: place.suburbs, latitude: place.latitude, longitude: place.longitude };
      },
    );
  };
