// What search engines read (issue "Found and shared", decision 22): /robots.txt, the sitemap index
// at /sitemap.xml and its files under /sitemaps/. Public, without a session, outside the API.
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../domain/errors';
import { changeKeys } from '../db/write-transaction';
import { readDeps, type ServerDeps } from '../deps';
import { renderRobotsText } from './render-robots-text';
import { renderSitemapIndex } from './render-sitemap-index';
import { sendXml } from './send-xml';
import { readSitemapFileName } from './sitemap-parts';
import { streamSitemapFile } from './stream-sitemap-file';

/** robots.txt changes only with a release. */
const robotsCacheControl = 'public, max-age=86400';

/** Any name under /sitemaps/: one that names no file is not found, whatever it holds. */
const sitemapFileParams = z.object({ '*': z.string() });

/** The sitemap lists every active listing and its seller: read from a replica unless the listings changed as a whole just now. */
const sitemapKeys = [changeKeys.allListings, changeKeys.everywhere];

export const seoRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const publicRoute = { schema: { hide: true }, config: { loadSession: false } } as const;

    app.get('/robots.txt', publicRoute, async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').header('cache-control', robotsCacheControl).send(renderRobotsText(deps.config)),
    );

    app.get('/sitemap.xml', publicRoute, async (request, reply) => sendXml(request, reply, Readable.from([await renderSitemapIndex(readDeps(deps, sitemapKeys))])));

    app.get('/sitemaps/*', { ...publicRoute, schema: { hide: true, params: sitemapFileParams } }, async (request, reply) => {
      const file = readSitemapFileName(request.params['*']);
      if (!file) throw new AppError('NOT_FOUND');
      return sendXml(request, reply, await streamSitemapFile(readDeps(deps, sitemapKeys), file));
    });
  };
