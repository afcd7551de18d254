// Homepage videos (spec 4): the landing page's active video, and the admin's uploads of them.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { homepageVideoSchema, maxVideoBytes } from '../../domain/admin';
import { AppError } from '../../domain/errors';
import { fieldLimits } from '../../domain/limits';
import { requireAdmin, signedInUser } from '../auth';
import type { ServerDeps } from '../deps';
import { activateHomepageVideo, deleteHomepageVideo, findActiveHomepageVideo, listHomepageVideos, uploadHomepageVideo } from './homepage-videos';

const tags = ['admin'];
const idParams = z.object({ id: z.string().max(fieldLimits.opaqueIdMax) });

/** Every route here answers 401 to visitors and 403 to members who are not admins. */
const adminVideoRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireAdmin);
    await app.register(fastifyMultipart, { limits: { files: 1, fields: 5, fileSize: maxVideoBytes, fieldSize: 1024, parts: 10 } });

    app.get('/api/admin/homepage-videos', { schema: { tags, response: { 200: z.array(homepageVideoSchema) } } }, async () => listHomepageVideos(deps));

    app.post('/api/admin/homepage-videos', { schema: { tags, consumes: ['multipart/form-data'], response: { 201: homepageVideoSchema } } }, async (request, reply) => {
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the video as multipart/form-data with a "video" file and a "displayName".');
      const video = await uploadHomepageVideo(deps, { actorId: signedInUser(request).id, parts: request.parts() });
      return reply.code(201).send(video);
    });

    app.put('/api/admin/homepage-videos/:id/activate', { schema: { tags, params: idParams, response: { 200: homepageVideoSchema } } }, async (request) =>
      activateHomepageVideo(deps, { actorId: signedInUser(request).id, id: request.params.id }),
    );

    app.delete('/api/admin/homepage-videos/:id', { schema: { tags, params: idParams } }, async (request, reply) => {
      await deleteHomepageVideo(deps, { actorId: signedInUser(request).id, id: request.params.id });
      return reply.code(204).send();
    });
  };

export const videoRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/homepage-video/active', { schema: { tags: ['content'], response: { 200: homepageVideoSchema.nullable() } } }, async () =>
      findActiveHomepageVideo(deps),
    );
    await app.register(adminVideoRoutes(deps));
  };
