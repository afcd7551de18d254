// buildApp(deps): the Fastify instance, composed of the HTTP plugins (src/server/http) and every
// feature's routes. It builds nothing the features use: that is createDeps's (create-deps.ts).
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountRoutes } from './account/routes';
import { adminRoutes } from './admin/routes';
import { reportRoutes } from './moderation/routes';
import { ratingRoutes } from './ratings/routes';
import { installSessionLoader } from './auth';
import { googleSignInRoutes } from './auth/google-routes';
import { authRoutes } from './auth/routes';
import { contactRoutes } from './contact/routes';
import { conversationRoutes } from './conversations';
import { offerRoutes } from './offers';
import { refuseTestPaymentsInProduction } from './create-deps';
import type { ServerDeps } from './deps';
import { devRoutes } from './dev/routes';
import { eventRoutes } from './events';
import { healthRoutes } from './health/routes';
import { installErrorHandler } from './http/error-handler';
import type { ContentVersion } from './services/content-version';
import { installNulCharacterGuard } from './http/reject-nul-characters';
import { installRequestIdHeader } from './http/request-id';
import { installRouteTable } from './http/route-table';
import { installSecurityHeaders } from './http/security-headers';
import { serverOptions } from './http/server-options';
import { installSwagger } from './http/swagger';
import { installWriteLimits } from './http/write-limits';
import { savedRoutes } from './listings/saved-routes';
import { listingRoutes } from './listings/routes';
import { workOnSavedSearchJobs } from './listings';
import { workOnYourDataJobs } from './account/your-data-jobs';
import { mapRoutes } from './map/routes';
import { membershipRoutes } from './membership/routes';
import { installMetrics } from './metrics';
import { seoRoutes } from './seo/routes';
import type { BackgroundTasks } from './services/background-tasks';
import { systemRoutes } from './system/routes';
import { uploadRoutes } from './uploads/routes';
import { verificationRoutes } from './verification/routes';
import { videoRoutes } from './videos/routes';
import { registerWebRoutes } from './web/routes';

export type { RouteEntry } from './http/route-table';

declare module 'fastify' {
  interface FastifyInstance {
    /** The read caches' version; tests that change rows behind the API's back bump it. */
    contentVersion: ContentVersion;
    /** Work requests started without waiting; tests drain it to see its outcome. */
    background: BackgroundTasks;
    /** draining: the server is shutting down (SIGTERM), so readiness answers 503 (main.ts). */
    lifecycle: { draining: boolean };
  }
}

export async function buildApp(deps: ServerDeps): Promise<FastifyInstance> {
  const { config } = deps;
  refuseTestPaymentsInProduction(config, deps.payments);
  const app = Fastify(serverOptions(config, deps.log)).withTypeProvider<ZodTypeProvider>();

  installRouteTable(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installNulCharacterGuard(app);
  app.decorate('contentVersion', deps.contentVersion);
  app.decorate('background', deps.background);
  app.decorate('lifecycle', { draining: false });
  // However the app is closed, a load balancer's readiness check hears so at once.
  app.addHook('preClose', async () => {
    app.lifecycle.draining = true;
  });
  // Requests still running their background work finish it before the deps close.
  app.addHook('onClose', deps.background.drain);
  installRequestIdHeader(app);
  // Before any route, so the request metrics see every one.
  const countUnmatched = await installMetrics(app, deps);
  installSessionLoader(app, deps);
  installSecurityHeaders(app, config);
  await installSwagger(app, { publicUrl: config.publicUrl });

  // Before any route is registered: each writing route gets its own abuse limit.
  installWriteLimits(app, deps.limits);
  await app.register(healthRoutes(deps));
  await app.register(systemRoutes(deps));
  await app.register(authRoutes(deps));
  await app.register(googleSignInRoutes(deps));
  await app.register(listingRoutes(deps));
  await app.register(savedRoutes(deps));
  await workOnSavedSearchJobs(deps);
  await workOnYourDataJobs(deps);
  await app.register(uploadRoutes(deps));
  await app.register(contactRoutes(deps));
  await app.register(conversationRoutes(deps));
  await app.register(offerRoutes(deps));
  await app.register(eventRoutes(deps));
  await app.register(accountRoutes(deps));
  await app.register(verificationRoutes(deps));
  await app.register(mapRoutes(deps));
  await app.register(membershipRoutes(deps));
  await app.register(adminRoutes(deps));
  await app.register(reportRoutes(deps));
  await app.register(ratingRoutes(deps));
  await app.register(videoRoutes(deps));
  await app.register(seoRoutes(deps));
  if (!config.isProduction) await app.register(devRoutes(deps));

  await registerWebRoutes(app, { storage: deps.storage, publicUrl: config.publicUrl, countUnmatched, keptPages: { version: deps.contentVersion, ttlMs: config.pageCacheMs }, listingViews: deps.listingViews });
  return app;
}
