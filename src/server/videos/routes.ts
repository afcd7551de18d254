import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { homepageVideoSchema, invitationSchema } from '../../domain/admin';
import { z } from 'zod';
import { describeInvitation } from '../admin/invitations';
import type { ServerDeps } from '../deps';
import { findActiveHomepageVideo } from './homepage-videos';

/** Public reads behind the landing page and the invitation link. */
export const publicContentRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/homepage-video/active', { schema: { tags: ['content'], response: { 200: homepageVideoSchema.nullable() } } }, async () =>
      findActiveHomepageVideo(deps.db),
    );

    app.get(
      '/api/invitations/:token',
      { schema: { tags: ['auth'], params: z.object({ token: z.string().max(100) }), response: { 200: invitationSchema } } },
      async (request) => describeInvitation(deps.db, request.params.token),
    );
  };
