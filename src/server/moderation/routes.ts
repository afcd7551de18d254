// Reports from members (POST /api/reports) and the admin's moderation queue and actions
// (/api/admin/reports, /api/admin/members/:id/suspension): admins only, checked here on the server.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { abuseLimits } from '../../domain/limits';
import { requireAdmin, requireUser, signedInUser } from '../auth';
import { withRequestLog, type ServerDeps } from '../deps';
import { endpoint } from '../http/endpoint';
import { actOnReport, liftSuspension } from './act-on-report';
import { createReport } from './create-report';
import { requestListingReview } from './request-listing-review';
import { listReportGroups } from './report-queue';

const moderationRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireAdmin);

    app.route({ ...endpoint('listReports'), handler: async (request) => listReportGroups(deps, { status: request.query.status }) });

    app.route({
      ...endpoint('actOnReport'),
      handler: async (request) => actOnReport(withRequestLog(deps, request), { admin: signedInUser(request), reportId: request.params.id, body: request.body }),
    });

    app.route({
      ...endpoint('liftSuspension'),
      handler: async (request) => liftSuspension(withRequestLog(deps, request), { admin: signedInUser(request), memberId: request.params.id }),
    });
  };

export const reportRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const memberOf = (request: FastifyRequest) => request.user?.id;
    app.route({
      ...endpoint('createReport'),
      onRequest: [requireUser, deps.limits.perKey('report', abuseLimits.report.perKey, memberOf)],
      handler: async (request, reply) => reply.code(201).send(await createReport(withRequestLog(deps, request), { reporter: signedInUser(request), address: request.ip, body: request.body })),
    });

    app.route({
      ...endpoint('requestListingReview'),
      onRequest: requireUser,
      handler: async (request) => requestListingReview(withRequestLog(deps, request), { seller: signedInUser(request), listingId: request.params.id }),
    });

    await app.register(moderationRoutes(deps));
  };
