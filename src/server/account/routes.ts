// Account API (spec 7): profile, postcode lock, phone, and the postcode directory for the form.
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountMessages, canChangePostcode, canChangePostcodeSchema, postcodeUnlockDate, updatePhoneBody, updateProfileBody } from '../../domain/account';
import { AppError } from '../../domain/errors';
import { postcodePattern } from '../../domain/postcodes';
import { currentUserSchema } from '../../domain/user-schemas';
import { toCurrentUser } from '../auth/current-user';
import { requireUser, signedInUser } from '../auth/guards';
import { users } from '../db/schema';
import type { ServerDeps } from '../deps';
import { findPostcode } from '../postcodes/postcode-directory';
import { updateProfile } from './update-profile';

const tags = ['account'];
const postcodeResponse = z.object({ postcode: z.string(), state: z.string(), suburbs: z.array(z.string()), latitude: z.number(), longitude: z.number() });

export const accountRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;

    app.put('/api/user/profile', { onRequest: requireUser, schema: { tags, body: updateProfileBody, response: { 200: currentUserSchema } } }, async (request) =>
      updateProfile(db, signedInUser(request).id, request.body),
    );

    app.get('/api/user/can-change-postcode', { onRequest: requireUser, schema: { tags, response: { 200: canChangePostcodeSchema } } }, async (request) => {
      const user = signedInUser(request);
      const allowed = canChangePostcode(user.postcodeLastChanged);
      return { canChange: allowed, nextChangeDate: allowed ? null : postcodeUnlockDate(user.postcodeLastChanged)!.toISOString() };
    });

    /** Saving a different number un-verifies the phone until the new number is confirmed. */
    app.put('/api/user/phone', { onRequest: requireUser, schema: { tags, body: updatePhoneBody, response: { 200: currentUserSchema } } }, async (request) => {
      const user = signedInUser(request);
      if (request.body.phone === user.phone) return toCurrentUser(user);
      const [updated] = await db.update(users).set({ phone: request.body.phone, isPhoneVerified: false }).where(eq(users.id, user.id)).returning();
      return toCurrentUser(updated);
    });

    app.get(
      '/api/postcodes/:postcode',
      { schema: { tags, params: z.object({ postcode: z.string().regex(postcodePattern, accountMessages.postcodeInvalid) }), response: { 200: postcodeResponse } } },
      async (request) => {
        const place = findPostcode(request.params.postcode);
        if (!place) throw new AppError('NOT_FOUND', accountMessages.postcodeUnknown);
        return { postcode: place.postcode, state: place.state, suburbs: place.suburbs, latitude: place.latitude, longitude: place.longitude };
      },
    );
  };
