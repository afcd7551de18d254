// Homepage videos (spec 4): the landing page's active video, and the admin's uploads of them.
import fastifyMultipart from '@fastify/multipart';
import { changeKeys } from '../db/write-transaction';
import { reportDependencies } from '../http/answer-dependencies';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { maxVideoBytes } from '../../domain/admin';
import { AppError } from '../../domain/errors';
import { requireAdmin, signedInUser } from '../auth';
import type { ServerDeps } from '../deps';
import { endpoint } from '../http/endpoint';
import { activateHomepageVideo, deleteHomepageVideo, findActiveHomepageVideo, listHomepageVideos, uploadHomepageVideo } from './homepage-videos';

/** Every route here answers 401 to visitors and 403 to members who are not admins. */
const adminVideoRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireAdmin);
    await app.register(fastifyMultipart, { limits: { files: 1, fields: 5, fileSize: maxVideoBytes, fieldSize: 1024, parts: 10 } });

    app.route({ ...endpoint('listHomepageVideos'), handler: async () => listHomepageVideos(deps) });

    app.route({
      ...endpoint('uploadHomepageVideo'),
      handler: async (request, reply) => {
        if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the video as multipart/form-data with a "video" file and a "displayName".');
        const video = await uploadHomepageVideo(deps, { actorId: signedInUser(request).id, parts: request.parts() });
        return reply.code(201).send(video);
      },
    });

    app.route({
      ...endpoint('activateHomepageVideo'),
      handler: async (request) => activateHomepageVideo(deps, { actorId: signedInUser(request).id, id: request.params.id }),
    });

    app.route({
      ...endpoint('deleteHomepageVideo'),
      handler: async (request, reply) => {
        await deleteHomepageVideo(deps, { actorId: signedInUser(request).id, id: request.params.id });
        return reply.code(204).send();
      },
    });
  };

export const videoRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.route({
      ...endpoint('getActiveHomepageVideo'),
      handler: async (_request, reply) => {
        const video = await findActiveHomepageVideo(deps);
        reportDependencies(reply, [changeKeys.homepageVideo]);
        return video;
      },
    });
    await app.register(adminVideoRoutes(deps));
  };
