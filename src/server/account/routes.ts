// Account API (spec 7): profile, postcode lock, phone, notification settings, and the postcode directory for the form.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mayChangePostcode } from '../../domain/account';
import { abuseLimits } from '../../domain/limits';
import { requireUser, signedInUser, toCurrentUser } from '../auth';
import type { ServerDeps } from '../deps';
import { endpoint } from '../http/endpoint';
import { describePostcode } from '../postcodes';
import { updateNotificationSettings } from './sms-notifications';
import { updatePhone } from './update-phone';
import { updateProfile } from './update-profile';

export const accountRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const userOf = (request: FastifyRequest) => request.user?.id;
    // spec 6: profile, phone and postcode edits are rate limited. A member saves these a few
    // times at most; the limits stop a script churning the row (and, for the phone, the checks).
    const profileSaving = [requireUser, deps.limits.perKey('profile-save', abuseLimits.profileSave.perKey, userOf)];
    const phoneSaving = [requireUser, deps.limits.perKey('phone-save', abuseLimits.phoneSave.perKey, userOf)];

    app.route({
      ...endpoint('updateProfile'),
      onRequest: profileSaving,
      handler: async (request) => updateProfile(deps, { userId: signedInUser(request).id, body: request.body }),
    });

    app.route({ ...endpoint('canChangePostcode'), onRequest: requireUser, handler: async (request) => mayChangePostcode(signedInUser(request)) });

    app.route({
      ...endpoint('updatePhone'),
      onRequest: phoneSaving,
      handler: async (request) => updatePhone(deps, { member: signedInUser(request), phone: request.body.phone }),
    });

    app.route({
      ...endpoint('updateNotificationSettings'),
      onRequest: requireUser,
      handler: async (request) => toCurrentUser(await updateNotificationSettings(deps, { memberId: signedInUser(request).id, settings: request.body })),
    });

    app.route({ ...endpoint('describePostcode'), handler: async (request) => describePostcode(request.params.postcode) });
  };
