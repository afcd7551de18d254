// Account API (spec 7): profile, postcode lock, phone, notification settings, and the postcode directory for the form.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mayChangePostcode } from '../../domain/account';
import { AppError } from '../../domain/errors';
import { abuseLimits } from '../../domain/limits';
import { requireUser, signedInUser, toCurrentUser } from '../auth';
import type { ServerDeps } from '../deps';
import { endpoint } from '../http/endpoint';
import { describePostcode } from '../postcodes';
import { confirmEmailChange, requestEmailChange } from './change-email';
import { changePassword } from './change-password';
import { endOtherSessions, endSession, listSessions } from './sessions';
import { updateNotificationSettings } from './sms-notifications';
import { updatePhone } from './update-phone';
import { updateProfile } from './update-profile';

export const accountRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const userOf = (request: FastifyRequest) => request.user?.id;
    const currentSessionId = (request: FastifyRequest) => {
      if (!request.sessionId) throw new AppError('UNAUTHENTICATED');
      return request.sessionId;
    };
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

    app.route({
      ...endpoint('changePassword'),
      onRequest: requireUser,
      handler: async (request) => changePassword(deps, { memberId: signedInUser(request).id, sessionId: currentSessionId(request), address: request.ip, body: request.body }),
    });

    app.route({
      ...endpoint('requestEmailChange'),
      onRequest: requireUser,
      handler: async (request) => requestEmailChange(deps, { memberId: signedInUser(request).id, address: request.ip, body: request.body }),
    });

    app.route({
      ...endpoint('confirmEmailChange'),
      onRequest: requireUser,
      handler: async (request) => confirmEmailChange(deps, { memberId: signedInUser(request).id, code: request.body.code }),
    });

    app.route({ ...endpoint('listSessions'), onRequest: requireUser, handler: async (request) => listSessions(deps, { memberId: signedInUser(request).id, sessionId: request.sessionId }) });

    app.route({
      ...endpoint('endSession'),
      onRequest: requireUser,
      handler: async (request, reply) => {
        await endSession(deps, { memberId: signedInUser(request).id, id: request.params.id });
        return reply.code(204).send();
      },
    });

    app.route({
      ...endpoint('endOtherSessions'),
      onRequest: requireUser,
      handler: async (request) => endOtherSessions(deps, { memberId: signedInUser(request).id, sessionId: currentSessionId(request) }),
    });

    app.route({ ...endpoint('describePostcode'), handler: async (request) => describePostcode(request.params.postcode) });
  };
