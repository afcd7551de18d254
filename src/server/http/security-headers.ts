// Helmet's security headers (CSP, nosniff, frame and referrer policies, …), worked out once at
// start-up and set on every answer. @fastify/helmet builds Helmet afresh for each request, which
// re-parses the whole Content-Security-Policy every time: a tenth of a cached read's CPU.
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';
import { stripeBrowserSources } from '../services/stripe-payments';

type HeaderValue = string | number | string[];

/** The headers Helmet sets with these options. None of them depends on the request. */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, HeaderValue> {
  const headers: Record<string, HeaderValue> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = typeof value === 'object' ? [...value] : value;
      return recorder;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
    getHeader(name: string) {
      return headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as never, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * Headers that only a page (a document) acts on: what it may load and run, how it may be framed,
 * where its links send a referrer. A script or style file of the build needs none of them (only
 * nosniff and the resource policy), and each costs its bytes on every one of a page's dozen files.
 */
export const documentOnlyHeaders = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/** An onRequest hook that sets those headers on every answer. */
export function securityHeaders(options: Readonly<HelmetOptions>): onRequestHookHandler {
  const headers = helmetHeaders(options);
  return (_request, reply, done) => {
    reply.headers(headers);
    done();
  };
}

function tileOrigin(tileUrl: string): string {
  try {
    return new URL(tileUrl.replace(/\{[a-z]\}/g, '0')).origin;
  } catch {
    return "'self'";
  }
}

/** The headers for this server's pages: what they load from where (CSP), and no framing. */
export function securityHeaderOptions(config: Pick<Config, 'stripe' | 'mapTileUrl' | 's3'>): HelmetOptions {
  // Stripe.js and its card fields, only where Stripe takes the payments.
  const stripeSources = config.stripe ? stripeBrowserSources : { script: [], frame: [], connect: [] };
  // Photos and videos in a bucket behind a CDN: /media/… and /videos/… redirect there, and the
  // browser checks the address it is sent to against img-src and media-src as well.
  const mediaSources = config.s3?.publicUrl ? [new URL(config.s3.publicUrl).origin] : [];
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripeSources.script],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Map tiles come from the tile server in MAP_TILE_URL.
        imgSrc: ["'self'", 'data:', 'blob:', tileOrigin(config.mapTileUrl), ...mediaSources],
        mediaSrc: ["'self'", 'blob:', ...mediaSources],
        connectSrc: ["'self'", ...stripeSources.connect],
        frameSrc: ["'self'", ...stripeSources.frame],
        // The photo compressor runs in a worker made from a blob URL.
        workerSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // HSTS is sent per request, only over HTTPS (installSecurityHeaders).
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  };
}

export function installSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'stripe' | 'mapTileUrl' | 's3'>): void {
  app.addHook('onRequest', securityHeaders(securityHeaderOptions(config)));
  // HSTS only on answers that went out over HTTPS: an encrypted connection, or (TRUST_PROXY) a
  // load balancer's X-Forwarded-Proto. Over plain HTTP the header is meaningless and ignored.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=15552000; includeSubDomains');
    done();
  });
}
