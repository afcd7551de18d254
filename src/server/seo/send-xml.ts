// Sends sitemap XML as it is made, gzipped for clients that accept it. Fastify pipes the stream into
// the socket and waits when it is full, so a slow crawler slows the reads instead of filling memory.
import { pipeline, type Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptsGzip } from '../http/json-text';

/** Sitemaps change as listings do; crawlers and caches may keep one an hour. */
const sitemapCacheControl = 'public, max-age=3600';

export function sendXml(request: FastifyRequest, reply: FastifyReply, xml: Readable): FastifyReply {
  reply.type('application/xml; charset=utf-8').header('cache-control', sitemapCacheControl).header('vary', 'accept-encoding');
  if (!acceptsGzip(request.headers['accept-encoding'])) return reply.send(xml);
  // pipeline ends both streams together: a failed read fails the reply, and a reply the client
  // abandons stops the reads. Its error has reached Fastify through the gzip stream already.
  const gzipped = pipeline(xml, createGzip(), () => {});
  return reply.header('content-encoding', 'gzip').send(gzipped);
}
