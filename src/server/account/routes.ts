// Account API (spec 7): profile, postcode lock, phone, notification settings, and the postcode directory for the form.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mayChangePostcode } from '../../domain/account';
import { AppError } from '../../domain/errors';
import { abuseLimits } from '../../domain/limits';
import { requireAdmin, requireUser, signedInUser, toCurrentUser } from '../auth';
import { withRequestLog, type ServerDeps } from '../deps';
import { endpoint } from '../http/endpoint';
import { describePostcode } from '../postcodes';
import { confirmEmailChange, requestEmailChange } from './change-email';
import { changePassword } from './change-password';
import { closeAccount } from './close-account';
import { listDataExports, openDataExport, requestDataExport } from './data-export';
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

    app.route({
      ...endpoint('requestDataExport'),
      onRequest: requireUser,
      handler: async (request, reply) => reply.code(202).send(await requestDataExport(deps, { memberId: signedInUser(request).id })),
    });

    app.route({ ...endpoint('listDataExports'), onRequest: requireUser, handler: async (request) => listDataExports(deps, { memberId: signedInUser(request).id }) });

    app.route({
      ...endpoint('downloadDataExport'),
      onRequest: [requireUser, deps.limits.perKey('export-download', abuseLimits.dataExportDownload.perKey, userOf)],
      handler: async (request, reply) => {
        const { file, bytes, fileName } = await openDataExport(deps, { memberId: signedInUser(request).id, exportId: request.params.id });
        reply.header('content-type', 'application/zip').header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'private, no-store');
        if (bytes !== null) reply.header('content-length', bytes);
        return reply.send(file);
      },
    });

    app.route({
      ...endpoint('closeAccount'),
      onRequest: requireUser,
      handler: async (request) =>
        closeAccount(withRequestLog(deps, request), { memberId: signedInUser(request).id, by: { kind: 'member', password: request.body.password, address: request.ip } }),
    });

    app.route({
      ...endpoint('closeMemberAccount'),
      onRequest: requireAdmin,
      handler: async (request) =>
        closeAccount(withRequestLog(deps, request), { memberId: request.params.id, by: { kind: 'admin', adminId: signedInUser(request).id, reason: request.body.reason } }),
    });

    app.route({ ...endpoint('describePostcode'), handler: async (request) => describePostcode(request.params.postcode) });
  };
