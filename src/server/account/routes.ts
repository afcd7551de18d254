// Account API (spec 7): profile, postcode lock, phone, and the postcode directory for the form.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountMessages, canChangePostcodeSchema, describePostcodeLock, postcodePlaceSchema, updatePhoneBody, updateProfileBody } from '../../domain/account';
import { abuseLimits } from '../../domain/limits';
import { postcodePattern } from '../../domain/postcodes';
import { currentUserSchema } from '../../domain/user-schemas';
import { requireUser, signedInUser } from '../auth';
import type { ServerDeps } from '../deps';
import { describePostcode } from '../postcodes';
import { updatePhone } from './update-phone';
import { updateProfile } from './update-profile';

const tags = ['account'];

export const accountRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const userOf = (request: FastifyRequest) => request.user?.id;
    // spec 6: profile, phone and postcode edits are rate limited. A member saves these a few
    // times at most; the limits stop a script churning the row (and, for the phone, the checks).
    const profileSaving = { onRequest: [requireUser, deps.limits.perKey('profile-save', abuseLimits.profileSave.perKey, userOf)] };
    const phoneSaving = { onRequest: [requireUser, deps.limits.perKey('phone-save', abuseLimits.phoneSave.perKey, userOf)] };

    app.put('/api/user/profile', { ...profileSaving, schema: { tags, body: updateProfileBody, response: { 200: currentUserSchema } } }, async (request) =>
      updateProfile(deps, { userId: signedInUser(request).id, body: request.body }),
    );

    app.get('/api/user/can-change-postcode', { onRequest: requireUser, schema: { tags, response: { 200: canChangePostcodeSchema } } }, async (request) =>
      describePostcodeLock(signedInUser(request)),
    );

    app.put('/api/user/phone', { ...phoneSaving, schema: { tags, body: updatePhoneBody, response: { 200: currentUserSchema } } }, async (request) =>
      updatePhone(deps, { member: signedInUser(request), phone: request.body.phone }),
    );

    app.get(
      '/api/postcodes/:postcode',
      { schema: { tags, params: z.object({ postcode: z.string().regex(postcodePattern, accountMessages.postcodeInvalid) }), response: { 200: postcodePlaceSchema } } },
      async (request) => describePostcode(request.params.postcode),
    );
  };
