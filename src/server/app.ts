// buildApp(deps): the Fastify instance with its plugins and every feature's routes.
import { randomUUID } from 'node:crypto';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { productName } from '../domain/product';
import { createSessionLoader } from './auth/guards';
import { accountRoutes } from './account/routes';
import { adminRoutes } from './admin/routes';
import { authRoutes } from './auth/routes';
import { googleSignInRoutes } from './auth/google-routes';
import { contactRoutes } from './contact/routes';
import { publicConfig, type Config } from './config';
import type { DatabaseHandle } from './db/open-database';
import type { ServerDeps } from './deps';
import { devRoutes } from './dev/routes';
import { healthRoutes } from './health/routes';
import { securityHeaders } from './http/security-headers';
import { installErrorHandler } from './http/error-handler';
import { safeLogOptions } from './http/log-settings';
import { installRateLimits } from './http/rate-limits';
import { rejectNulCharacters } from './http/reject-nul-characters';
import { createContentVersion, createReadCache, type ContentVersion } from './http/read-cache';
import { listingRoutes } from './listings/routes';
import { mapRoutes } from './map/routes';
import { membershipRoutes } from './membership/routes';
import { createBackgroundTasks, type BackgroundTasks } from './services/background-tasks';
import type { MailSender } from './services/mail';
import { createPaymentProvider, type PaymentProvider } from './services/payments';
import { stripeBrowserSources } from './services/stripe-payments';
import { createSmsSender, type SmsSender } from './services/sms';
import { createLocalMediaStorage, type MediaStorage } from './services/storage';
import { uploadRoutes } from './uploads/routes';
import { verificationRoutes } from './verification/routes';
import { publicContentRoutes } from './videos/routes';
import { registerWebRoutes } from './web/routes';

export type AppOptions = {
  config: Config;
  database: DatabaseHandle;
  mail: MailSender;
  /** Text messages; the dev outbox (or SMS_API_URL) by default. */
  sms?: SmsSender;
  /** Card checks and subscriptions; the built-in test provider by default. */
  payments?: PaymentProvider;
  /** Where uploaded photos go; local disk under DATA_DIR by default. */
  storage?: MediaStorage;
  /** Pino options, or false to stay quiet (tests). */
  logger?: boolean | Record<string, unknown>;
};

export type RouteEntry = { method: string; url: string };

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
    /** Bumped by every write; tests that change rows behind the API's back bump it too. */
    contentVersion: ContentVersion;
    /** Work requests started without waiting; tests drain it to see its outcome. */
    background: BackgroundTasks;
  }
}

const requestIdPattern = /^[A-Za-z0-9_.:-]{1,64}$/;

function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

function tileOrigin(tileUrl: string): string {
  try {
    return new URL(tileUrl.replace(/\{[a-z]\}/g, '0')).origin;
  } catch {
    return "'self'";
  }
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database, mail } = options;
  const app = Fastify({
    // Whatever a caller passes, secrets stay out of the logs.
    logger: options.logger === false ? false : { level: config.logLevel, ...(typeof options.logger === 'object' ? options.logger : {}), ...safeLogOptions },
    // A hop count trusts that many proxies nearest the server (as Fastify does with a number).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && requestIdPattern.test(incoming) ? incoming : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();

  // Every route the server answers, for the route-by-role tests.
  const routeTable: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routeTable.push({ method, url: route.url });
    }
  });
  app.decorate('routeTable', routeTable);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  app.addHook('preValidation', rejectNulCharacters);

  // Any request that may have written (everything but reads and refusals) makes cached reads stale.
  const contentVersion = createContentVersion({ redisUrl: config.redisUrl });
  app.decorate('contentVersion', contentVersion);
  app.addHook('onClose', contentVersion.close);
  app.addHook('onSend', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS' && (reply.statusCode < 400 || reply.statusCode >= 500)) {
      contentVersion.bump();
    }
  });

  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('onRequest', createSessionLoader(database.db, createReadCache(contentVersion, { maxEntries: 10_000, ttlMs: config.readCacheMs })));

  // Stripe.js and its card fields, only where Stripe takes the payments.
  const stripeSources = config.stripe ? stripeBrowserSources : { script: [], frame: [], connect: [] };
  app.addHook('onRequest', securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripeSources.script],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Map tiles come from the tile server in MAP_TILE_URL.
        imgSrc: ["'self'", 'data:', 'blob:', tileOrigin(config.mapTileUrl)],
        mediaSrc: ["'self'", 'blob:'],
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
    // HSTS is sent per request, only over HTTPS (below).
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  }));

  // HSTS only on answers that went out over HTTPS: an encrypted connection, or (TRUST_PROXY) a
  // load balancer's X-Forwarded-Proto. Over plain HTTP the header is meaningless and ignored.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=15552000; includeSubDomains');
    done();
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: `${productName} API`, version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });

  const rateLimits = await installRateLimits(app, { redisUrl: config.redisUrl, multiplier: config.rateLimitMultiplier });
  app.addHook('onClose', rateLimits.close);
  const background = createBackgroundTasks(app.log);
  app.decorate('background', background);
  app.addHook('onClose', background.drain);
  const payments = options.payments ?? createPaymentProvider(config, app.log);
  // The settings refuse this already; the check here keeps any other way of building the app honest.
  if (config.isProduction && payments.kind === 'test') throw new Error('The built-in test payment provider cannot run in production: set STRIPE_SECRET_KEY.');
  const deps: ServerDeps = {
    config,
    db: database.db,
    mail,
    sms: options.sms ?? createSmsSender(config, database.db),
    payments,
    limits: rateLimits.limits,
    contentVersion,
    background,
  };
  await app.register(healthRoutes(database));
  await app.register(authRoutes(deps));
  await app.register(googleSignInRoutes(deps));
  await app.register(listingRoutes(deps));
  await app.register(uploadRoutes({ ...deps, storage: options.storage ?? createLocalMediaStorage(config.dataDir) }));
  await app.register(contactRoutes(deps));
  await app.register(accountRoutes(deps));
  await app.register(verificationRoutes(deps));
  await app.register(mapRoutes(deps));
  await app.register(membershipRoutes(deps));
  await app.register(adminRoutes(deps));
  await app.register(publicContentRoutes(deps));
  if (!config.isProduction) await app.register(devRoutes(database.db));

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  app.get(
    '/api/public-config',
    {
      schema: {
        tags: ['system'],
        response: {
          200: z.object({
            productName: z.string(),
            googleClientId: z.string().nullable(),
            mapTileUrl: z.string(),
            mapTileAttribution: z.string(),
            paymentProvider: z.enum(['test', 'stripe']),
            stripePublishableKey: z.string().nullable(),
          }),
        },
      },
    },
    async () => ({ productName, ...publicConfig(config) }),
  );
  // spec 7: the redirect target for unauthorised visitors.
  app.get('/api/login', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/auth'));

  await registerWebRoutes(app, { dataDir: config.dataDir });
  return app;
}
