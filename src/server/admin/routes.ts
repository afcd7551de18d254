// Admin API (spec 7): every route answers 401 to visitors and 403 to members who are not admins.
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminUsersQuery,
  adminUsersResponse,
  auditEntrySchema,
  bannedWordBody,
  bannedWordSchema,
  giftMembershipBody,
  homepageVideoSchema,
  inviteUserBody,
  maxVideoBytes,
  verifyUserBody,
} from '../../domain/admin';
import { AppError } from '../../domain/errors';
import { messageResponseSchema } from '../../domain/user-schemas';
import { requireAdmin, signedInUser } from '../auth/guards';
import type { ServerDeps } from '../deps';
import { activateHomepageVideo, deleteHomepageVideo, listHomepageVideos, uploadHomepageVideo } from '../videos/homepage-videos';
import { listAuditLog } from './audit-log';
import { banWord, listBannedWords, unbanWord } from './banned-words';
import { inviteMember } from './invitations';
import { mailListingLimitNotices } from '../membership/plan-limits';
import { giftMembership, listMembers, verifyMember } from './members';

const tags = ['admin'];
const idParams = z.object({ id: z.string().max(100) });

export const adminRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;
    const videosDir = path.join(deps.config.dataDir, 'videos');
    app.addHook('onRequest', requireAdmin);
    await app.register(fastifyMultipart, { limits: { files: 1, fields: 5, fileSize: maxVideoBytes, fieldSize: 1024, parts: 10 } });

    app.get('/api/admin/users', { schema: { tags, querystring: adminUsersQuery, response: { 200: adminUsersResponse } } }, async (request) =>
      listMembers(db, request.query),
    );

    app.post('/api/admin/verify-user', { schema: { tags, body: verifyUserBody, response: { 200: messageResponseSchema } } }, async (request) =>
      verifyMember(db, { actorId: signedInUser(request).id, ...request.body, adminEmails: deps.config.adminEmails }),
    );

    app.post('/api/admin/gift-membership', { schema: { tags, body: giftMembershipBody, response: { 200: messageResponseSchema } } }, async (request) => {
      const gifted = await giftMembership(db, { actorId: signedInUser(request).id, ...request.body }, (providerSubscriptionId) =>
        deps.payments.cancelSubscription(providerSubscriptionId).catch((error: unknown) => request.log.error({ err: error }, 'cancelling a gifted member’s subscription failed')),
      );
      await mailListingLimitNotices({ db, mail: deps.mail, publicUrl: deps.config.publicUrl }, gifted.limitNotices);
      return { message: gifted.message };
    });

    app.post('/api/admin/invite-user', { schema: { tags, body: inviteUserBody, response: { 200: messageResponseSchema } } }, async (request) =>
      inviteMember({ ...deps, log: request.log }, { actor: signedInUser(request), ...request.body }),
    );

    app.get('/api/admin/banned-words', { schema: { tags, response: { 200: z.array(bannedWordSchema) } } }, async () => listBannedWords(db));

    app.post('/api/admin/banned-words', { schema: { tags, body: bannedWordBody, response: { 201: bannedWordSchema } } }, async (request, reply) =>
      reply.code(201).send(await banWord(db, { actorId: signedInUser(request).id, word: request.body.word })),
    );

    app.delete('/api/admin/banned-words/:id', { schema: { tags, params: idParams, response: { 200: messageResponseSchema } } }, async (request) =>
      unbanWord(db, { actorId: signedInUser(request).id, id: request.params.id }),
    );

    app.get('/api/admin/homepage-videos', { schema: { tags, response: { 200: z.array(homepageVideoSchema) } } }, async () => listHomepageVideos(db));

    app.post('/api/admin/homepage-videos', { schema: { tags, consumes: ['multipart/form-data'], response: { 201: homepageVideoSchema } } }, async (request, reply) => {
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the video as multipart/form-data with a "video" file and a "displayName".');
      const video = await uploadHomepageVideo({ db, videosDir, actorId: signedInUser(request).id, parts: request.parts() });
      return reply.code(201).send(video);
    });

    app.put('/api/admin/homepage-videos/:id/activate', { schema: { tags, params: idParams, response: { 200: homepageVideoSchema } } }, async (request) =>
      activateHomepageVideo(db, { actorId: signedInUser(request).id, id: request.params.id }),
    );

    app.delete('/api/admin/homepage-videos/:id', { schema: { tags, params: idParams } }, async (request, reply) => {
      await deleteHomepageVideo(db, { actorId: signedInUser(request).id, id: request.params.id, videosDir });
      return reply.code(204).send();
    });

    app.get('/api/admin/audit-log', { schema: { tags, response: { 200: z.array(auditEntrySchema) } } }, async () => listAuditLog(db));
  };
