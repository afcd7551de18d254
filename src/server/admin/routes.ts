// Admin API (spec 7): every /api/admin route answers 401 to visitors and 403 to members who are not
// admins. Beside them, the invitation link's public read.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin, signedInUser } from '../auth';
import { withRequestLog, type ServerDeps } from '../deps';
import { endpoint } from '../http/endpoint';
import { listAuditLog } from './audit-log';
import { adminInsightsCsv, adminInsightsJson } from './insights';
import { apiSchemas } from '../../domain/api-schemas';
import type { AdminInsights } from '../../domain/admin-insights-schemas';
import { databaseJsonText, sendJsonText } from '../http/json-text';
import { banWord, listBannedWords, unbanWord } from './banned-words';
import { describeInvitation, inviteMember } from './invitations';
import { giftMembership, listMembers, verifyMember } from './members';

const adminOnlyRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireAdmin);

    app.route({ ...endpoint('listMembers'), handler: async (request) => listMembers(deps, request.query) });

    app.route({ ...endpoint('verifyMember'), handler: async (request) => verifyMember(deps, { actorId: signedInUser(request).id, ...request.body }) });

    app.route({
      ...endpoint('giftMembership'),
      handler: async (request) => giftMembership(withRequestLog(deps, request), { actorId: signedInUser(request).id, ...request.body }),
    });

    app.route({
      ...endpoint('inviteMember'),
      handler: async (request) => inviteMember(withRequestLog(deps, request), { actor: signedInUser(request), ...request.body }),
    });

    app.route({ ...endpoint('listBannedWords'), handler: async () => listBannedWords(deps) });

    app.route({
      ...endpoint('banWord'),
      handler: async (request, reply) => reply.code(201).send(await banWord(deps, { actorId: signedInUser(request).id, word: request.body.word })),
    });

    app.route({ ...endpoint('unbanWord'), handler: async (request) => unbanWord(deps, { actorId: signedInUser(request).id, id: request.params.id }) });

    app.route({ ...endpoint('listAuditLog'), handler: async () => listAuditLog(deps) });

    app.route({ ...endpoint('getJobsSummary'), handler: async () => deps.jobs.summary() });

    app.route({
      ...endpoint('getAdminInsights'),
      handler: async (request, reply) =>
        sendJsonText(request, reply, databaseJsonText(apiSchemas.getAdminInsights.response[200], await adminInsightsJson(deps, request.query), !deps.config.isProduction)),
    });

    app.route({
      ...endpoint('downloadAdminInsights'),
      handler: async (request, reply) => {
        const insights = JSON.parse(await adminInsightsJson(deps, request.query)) as AdminInsights;
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="insights-${insights.from}-to-${insights.to}.csv"`)
          .send(adminInsightsCsv(insights));
      },
    });
  };

export const adminRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(adminOnlyRoutes(deps));

    // The invitation link's page reads who it is for, before they have an account.
    app.route({ ...endpoint('getInvitation'), handler: async (request) => describeInvitation(deps, { token: request.params.token }) });
  };
