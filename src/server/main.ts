// Reads the settings, opens (and migrates) the database, loads demo data once, listens.
import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/open-database';
import { syncConfiguredAdmins } from './auth/configured-admins';
import { defaultLocation } from '../domain/postcodes';
import { seedDemoData } from './demo/seed-demo-data';
import { runMembershipUpkeep } from './membership/membership-upkeep';
import { findPostcode } from './postcodes/postcode-directory';
import { createMailSender } from './services/mail';
import { createPaymentProvider } from './services/payments';
import { createLocalMediaStorage } from './services/storage';
import { cleanUpPhotos } from './uploads/clean-up-photos';

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
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  await syncConfiguredAdmins(database.db, config.adminEmails);
  const mail = createMailSender(config, database.db);
  const storage = createLocalMediaStorage(config.dataDir);
  const app = await buildApp({ config, database, mail, storage });

  // Free months that have ended revert to Starter, and notices about a lower listing limit that
  // have run out pause the extra listings: now, then every hour.
  const upkeepPayments = createPaymentProvider(config, app.log);
  const runUpkeep = () =>
    runMembershipUpkeep({ db: database.db, mail, payments: upkeepPayments, publicUrl: config.publicUrl }).then(
      (result) => {
        if (result.trialsEnded === 0 && result.membersPaused === 0 && result.testCharges === 0) return;
        app.contentVersion.bump();
        app.log.info(`${result.trialsEnded} free month(s) ended; ${result.membersPaused} member(s) had listings over their plan paused`);
      },
      (error: unknown) => app.log.error({ err: error }, 'membership upkeep failed'),
    );
  await runUpkeep();
  setInterval(runUpkeep, 60 * 60 * 1000).unref();

  // Photos no listing shows go after PHOTO_CLEANUP_GRACE_HOURS: soon after start, then every hour.
  const runPhotoCleanUp = () =>
    cleanUpPhotos({ db: database.db, storage, graceMs: config.photoCleanupGraceMs }).then(
      (result) => {
        if (result.removed > 0) app.log.info(`${result.removed} photo(s) no listing shows removed`);
        if (result.failedFiles.length > 0) app.log.warn({ files: result.failedFiles }, 'photo clean-up could not remove some files');
      },
      (error: unknown) => app.log.error({ err: error }, 'photo clean-up failed'),
    );
  setTimeout(runPhotoCleanUp, 60 * 1000).unref();
  setInterval(runPhotoCleanUp, 60 * 60 * 1000).unref();

  if (config.demoData) {
    await seedDemoData({ db: database.db, dataDir: config.dataDir, log: app.log });
    app.contentVersion.bump();
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stops accepting, lets in-flight requests finish, then closes the database. A keep-alive
    // connection whose request finishes during the shutdown would otherwise hold the process
    // open until its idle timeout (72 s): close each one as soon as it falls idle.
    const idleSweep = setInterval(() => app.server.closeIdleConnections(), 100);
    await app.close();
    clearInterval(idleSweep);
    await mail.close?.();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // Read the postcode data now rather than on the first member's request.
  setImmediate(() => findPostcode(defaultLocation.postcode));
  app.log.info(`${database.kind === 'pglite' ? 'Embedded PGlite' : 'PostgreSQL'} database ready; open ${config.publicUrl}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
