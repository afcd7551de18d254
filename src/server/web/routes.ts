// The built React app for every path that is not the API, plus uploaded media.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorMessages, type ErrorBody } from '../../domain/errors';
import { listingPagePattern, publicPagePaths, sellerPagePattern } from '../../domain/seo';
import { documentOnlyHeaders } from '../http/security-headers';
import { projectPath } from '../project-paths';
import type { UnmatchedRequestHook } from '../metrics';
import type { MediaStorage } from '../services/storage';
import { registerMediaRoutes } from './media-routes';
import { createPageRenderer, type KeptPages } from './server-render';
import type { ListingViewCounter } from '../listings';

export const webRoot = projectPath('dist', 'web');
const oneYearSeconds = 31_536_000;

export async function registerWebRoutes(
  app: FastifyInstance,
  options: {
    storage: MediaStorage;
    publicUrl: string;
    /** The request metrics' hook for answers no route matched. */
    countUnmatched?: UnmatchedRequestHook;
    /** Visitors' pages are kept until what they show changes (server-render.ts); none: each is rendered afresh. */
    keptPages?: KeptPages;
    /** A visitor who lands on a listing's page (its kept copy included) is a view of it (decision 48). */
    listingViews?: Pick<ListingViewCounter, 'record'>;
  },
): Promise<void> {
  await registerMediaRoutes(app, { storage: options.storage, webRoot });

  const hasBuiltApp = existsSync(path.join(webRoot, 'index.html'));
  if (hasBuiltApp) {
    await app.register(fastifyStatic, {
      root: webRoot,
      prefix: '/',
      // Looked up per request, so a rebuild is served without a restart; misses fall through
      // to the not-found handler below.
      index: false,
      // The build writes .br and .gz copies of the text files; each browser gets the one it accepts.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        const hashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashedAsset ? `public, max-age=${oneYearSeconds}, immutable` : 'no-cache');
        // The build's scripts and styles: no page's headers (a listing page loads twenty of them).
        if (hashedAsset) for (const name of documentOnlyHeaders) reply.removeHeader(name);
      },
    });
  }

  const sendShell = (reply: FastifyReply) => reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html', webRoot);
  const renderPage = createPageRenderer(app, { webRoot, publicUrl: options.publicUrl, keptPages: options.keptPages });
  // Rendered on the server when it can be, else the shell the browser renders into.
  const sendApp = async (request: FastifyRequest, reply: FastifyReply) => ((await renderPage(request, reply)) ? reply : sendShell(reply));
  if (hasBuiltApp) {
    // The pages visitors arrive at get routes of their own: not first looked for as files on disk
    // (the static files' wildcard) and then answered as "not found", which cost a visitor's kept
    // page two thirds of its speed. Every other address still reaches the app through the handler below.
    for (const pagePath of [...publicPagePaths, sellerPagePattern]) app.get(pagePath, { schema: { hide: true } }, sendApp);
    app.get<{ Params: { id: string } }>(listingPagePattern, { schema: { hide: true } }, (request, reply) => {
      options.listingViews?.record({ listingId: request.params.id, memberId: null, address: request.ip, userAgent: request.headers['user-agent'] });
      return sendApp(request, reply);
    });
  }

  app.setNotFoundHandler({ preHandler: options.countUnmatched }, (request, reply) => {
    const wantsPage = request.method === 'GET' && !request.url.startsWith('/api/') && !/^\/(media|videos)\//.test(request.url);
    if (wantsPage && hasBuiltApp) {
      // The app's router shows "404 Page Not Found" for paths it does not know.
      return sendApp(request, reply);
    }
    if (wantsPage) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The web app has not been built yet. Run "npm run build" (npm start does it for you).');
    }
    return reply.code(404).send({ message: errorMessages.notFound, code: 'NOT_FOUND' } satisfies ErrorBody);
  });
}
