// Admin API (spec 7): every /api/admin route answers 401 to visitors and 403 to members who are not
// admins. Beside them, the invitation link's public read.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminUsersQuery,
  adminUsersResponse,
  auditEntrySchema,
  bannedWordBody,
  bannedWordSchema,
  giftMembershipBody,
  invitationSchema,
  inviteUserBody,
  verifyUserBody,
} from '../../domain/admin';
import { fieldLimits } from '../../domain/limits';
import { messageResponseSchema } from '../../domain/user-schemas';
import { requireAdmin, signedInUser } from '../auth';
import { withRequestLog, type ServerDeps } from '../deps';
import { listAuditLog } from './audit-log';
import { banWord, listBannedWords, unbanWord } from './banned-words';
import { describeInvitation, inviteMember } from './invitations';
import { giftMembership, listMembers, verifyMember } from './members';

const tags = ['admin'];
const idParams = z.object({ id: z.string().max(fieldLimits.opaqueIdMax) });

const adminOnlyRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireAdmin);

    app.get('/api/admin/users', { schema: { tags, querystring: adminUsersQuery, response: { 200: adminUsersResponse } } }, async (request) =>
      listMembers(deps, request.query),
    );

    app.post('/api/admin/verify-user', { schema: { tags, body: verifyUserBody, response: { 200: messageResponseSchema } } }, async (request) =>
      verifyMember(deps, { actorId: signedInUser(request).id, ...request.body }),
    );

    app.post('/api/admin/gift-membership', { schema: { tags, body: giftMembershipBody, response: { 200: messageResponseSchema } } }, async (request) =>
      giftMembership(withRequestLog(deps, request), { actorId: signedInUser(request).id, ...request.body }),
    );

    app.post('/api/admin/invite-user', { schema: { tags, body: inviteUserBody, response: { 200: messageResponseSchema } } }, async (request) =>
      inviteMember(withRequestLog(deps, request), { actor: signedInUser(request), ...request.body }),
    );

    app.get('/api/admin/banned-words', { schema: { tags, response: { 200: z.array(bannedWordSchema) } } }, async () => listBannedWords(deps));

    app.post('/api/admin/banned-words', { schema: { tags, body: bannedWordBody, response: { 201: bannedWordSchema } } }, async (request, reply) =>
      reply.code(201).send(await banWord(deps, { actorId: signedInUser(request).id, word: request.body.word })),
    );

    app.delete('/api/admin/banned-words/:id', { schema: { tags, params: idParams, response: { 200: messageResponseSchema } } }, async (request) =>
      unbanWord(deps, { actorId: signedInUser(request).id, id: request.params.id }),
    );

    app.get('/api/admin/audit-log', { schema: { tags, response: { 200: z.array(auditEntrySchema) } } }, async () => listAuditLog(deps));
  };

export const adminRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(adminOnlyRoutes(deps));

    // The invitation link's page reads who it is for, before they have an account.
    app.get(
      '/api/invitations/:token',
      { schema: { tags: ['auth'], params: z.object({ token: z.string().max(fieldLimits.opaqueIdMax) }), response: { 200: invitationSchema } } },
      async (request) => describeInvitation(deps, { token: request.params.token }),
    );
  };
