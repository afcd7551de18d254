// `npm run restore-drill`: backs the database up with pg_dump, restores it into a scratch
// database, compares every table's row count and checks photos against the media backup, then
// drops the scratch database (docs/deploy.md, "Restore drill"). Exits 1 on any mismatch.
//
//   npm run restore-drill -- [--database-url postgres://…] [--data-dir ./data] [--media-backup DIR] [--photos 3] [--pg-bin DIR]
//
// The database defaults to DATABASE_URL, then the local test server; DATA_DIR to ./data.
import path from 'node:path';
import { isPostgresUrl, parseCliArgs, positiveIntegerArg, redactDatabaseUrl, stringArg } from './bench/cli-args';
import { describeReport, runRestoreDrill } from './restore-drill/run-drill';

const localTestDatabase = 'postgres://postgres@127.0.0.1:5432/test';

async function main(): Promise<void> {
  const args = parseCliArgs();
  const databaseUrl = stringArg(args, 'database-url') ?? process.env.DATABASE_URL ?? localTestDatabase;
  if (!isPostgresUrl(databaseUrl)) throw new Error('--database-url (or DATABASE_URL) must be a postgres:// URL: the drill restores PostgreSQL backups');
  const dataDir = path.resolve(stringArg(args, 'data-dir') ?? process.env.DATA_DIR ?? './data');
  const mediaBackup = stringArg(args, 'media-backup');
  console.log(`Restore drill of ${redactDatabaseUrl(databaseUrl)}; media: ${dataDir}${mediaBackup ? `, backup ${path.resolve(mediaBackup)}` : ''}`);
  const report = await runRestoreDrill({
    databaseUrl,
    dataDir,
    mediaBackupDir: mediaBackup ? path.resolve(mediaBackup) : undefined,
    photos: positiveIntegerArg(args, 'photos', 3),
    pgBinDir: stringArg(args, 'pg-bin'),
    log: (line) => console.log(`  ${line}`),
  });
  for (const line of describeReport(report)) console.log(`  ${line}`);
  process.exitCode = report.ok ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(`Restore drill FAILED: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
