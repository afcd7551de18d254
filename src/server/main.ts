// Reads the settings, builds the deps (opening and migrating the database), loads demo data once,
// schedules the upkeep jobs, listens.
import { rollUpDailyStats } from './admin';
import { buildApp } from './app';
import { liftEndedSuspensions } from './moderation';
import { syncConfiguredAdmins } from './auth';
import { ConfigError, loadConfig, type Config } from './config';
import { createDeps } from './create-deps';
import { defaultLocation } from '../domain/postcodes';
import { seedDemoData, seedDemoHistory } from './demo';
import { mailAwayMembers } from './conversations';
import { expireLapsedOffers, remindPickups } from './offers';
import { runMembershipUpkeep } from './membership';
import { findPostcode } from './postcodes';
import { MediaStorageError } from './services/storage';
import { cleanUpPhotos } from './uploads';
import { mailWeeklyInsights, moveListingsPastTheirTime, pruneListingViews } from './listings';
import { insightLimits } from '../domain/insights';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const deps = await createDeps(config);
  await syncConfiguredAdmins(deps.db, config.adminEmails);
  const app = await buildApp(deps);

  // The upkeep runs as scheduled jobs (services/job-queue.ts): once per schedule however many app
  // servers there are, and again later if a run fails. Free months kept with a saved card are
  // charged (test provider), the others revert to Starter, and notices about a lower listing limit
  // that have run out pause the extra listings: now, then every hour.
  await deps.jobs.work('membership-upkeep', async () => {
    // Suspensions whose end has passed are lifted (the member's listings come back).
    const lifted = await liftEndedSuspensions(deps);
    if (lifted > 0) app.log.info(`${lifted} suspension(s) ended`);
    const result = await runMembershipUpkeep(deps);
    // Listings whose plan's listing time has passed move below the newer ones; each seller is mailed once (decision 34).
    const movedDown = await moveListingsPastTheirTime(deps);
    if (movedDown > 0) app.log.info(`${movedDown} listing(s) past their listing time moved below the newer ones`);
    if (result.trialsEnded === 0 && result.membersPaused === 0 && result.testCharges === 0 && result.planChanges === 0) return;
    app.log.info(
      `${result.testCharges} kept free month(s) charged; ${result.trialsEnded} free month(s) ended; ${result.planChanges} plan change(s) made at the end of a paid year; ${result.membersPaused} member(s) had listings over their plan paused`,
    );
  });
  await deps.jobs.schedule('membership-upkeep', '0 * * * *');
  await deps.jobs.send('membership-upkeep', {});

  // Photos no listing shows go after PHOTO_CLEANUP_GRACE_HOURS: every hour.
  await deps.jobs.work('photo-cleanup', async () => {
    const result = await cleanUpPhotos(deps, { graceMs: config.photoCleanupGraceMs });
    if (result.removed > 0) app.log.info(`${result.removed} photo(s) no listing shows removed`);
    if (result.failedFiles.length > 0) app.log.warn({ files: result.failedFiles }, 'photo clean-up could not remove some files');
  });
  await deps.jobs.schedule('photo-cleanup', '30 * * * *');

  // Members away from a conversation with an unread message get one mail for it: checked every minute.
  // Offers past their 48 hours close first, so the member who was to answer hears of it in the same
  // sweep; confirmed pickups within the hour are reminded (decision 47).
  await deps.jobs.work('away-mail', async () => {
    await expireLapsedOffers(deps);
    const reminded = await remindPickups(deps);
    if (reminded > 0) app.log.info(`${reminded} pickup reminder mail(s) sent`);
    const mailed = await mailAwayMembers(deps);
    if (mailed > 0) app.log.info(`${mailed} unread-message mail(s) sent`);
  });
  await deps.jobs.schedule('away-mail', '* * * * *');

  // Sellers' weekly summaries: Sunday 22:00 UTC, Monday morning on the east coast (decision 48).
  await deps.jobs.work('insights-mail', async () => {
    const pruned = await pruneListingViews(deps, insightLimits.keepViewDays);
    const mailed = await mailWeeklyInsights(deps);
    app.log.info(`${mailed} weekly listing summary mail(s) sent; ${pruned} old view(s) pruned`);
  });
  await deps.jobs.schedule('insights-mail', '0 22 * * 0');

  // The operator dashboard's daily rollups: every hour, and once after the demo data below, so a new server has them (decision 50).
  await deps.jobs.work('insights-rollup', async () => {
    const days = await rollUpDailyStats(deps);
    app.log.info(`${days} day(s) of the operator dashboard rolled up`);
  });
  await deps.jobs.schedule('insights-rollup', '15 * * * *');

  // Copies of members' data past their week, and closed accounts past their keeping time: every hour (decision 37).
  await deps.jobs.schedule('your-data-upkeep', '45 * * * *');

  // Saved searches' daily digests: every half hour, for the states where it is now 7 am.
  await deps.jobs.schedule('saved-search-digests', '0,30 * * * *');
  // New listings are matched by the run of their two-second slot; a listing whose run could not be
  // queued (the database was briefly unreachable) is taken by this sweep within the minute.
  await deps.jobs.schedule('saved-search-match', '* * * * *');

  // Before the server listens, so no read has been cached that the demo data would make stale.
  if (config.demoData) {
    await seedDemoData({ db: deps.db, storage: deps.storage, log: app.log });
    await seedDemoHistory(deps);
  }
  // After the demo data: a first rollup made before it would leave the demo's months out of the dashboard.
  // One waiting at a time: servers starting together queue one rollup, not one each (a first rollup
  // makes every day since the first member joined).
  await deps.jobs.send('insights-rollup', {}, { singletonKey: 'start-up' });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, drainMs: config.drainMs }, 'shutting down');
    // Readiness answers 503 from now on; the server keeps serving for DRAIN_SECONDS while the load
    // balancer notices and sends new requests elsewhere, so none arrives at a closing server.
    app.lifecycle.draining = true;
    if (config.drainMs > 0) await new Promise((resolve) => setTimeout(resolve, config.drainMs));
    // Stops accepting, lets in-flight requests finish, then closes the database. A keep-alive
    // connection whose request finishes during the shutdown would otherwise hold the process
    // open until its idle timeout (72 s): close each one as soon as it falls idle.
    const idleSweep = setInterval(() => app.server.closeIdleConnections(), 100);
    await app.close();
    clearInterval(idleSweep);
    await deps.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // Read the postcode data now rather than on the first member's request.
  setImmediate(() => findPostcode(defaultLocation.postcode));
  app.log.info(`${deps.database.kind === 'pglite' ? 'Embedded PGlite' : 'PostgreSQL'} database ready; open ${config.publicUrl}`);
}

main().catch((error: unknown) => {
  // Storage the settings name but that cannot be reached is said in a line, like a bad setting.
  console.error(error instanceof MediaStorageError ? error.message : error);
  process.exit(1);
});
