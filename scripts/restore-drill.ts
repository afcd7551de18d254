// `npm run restore-drill`: backs the database up with pg_dump, restores it into a scratch
// database, compares every table's row count and checks photos against the media backup, then
// drops the scratch database (docs/deploy.md, "Restore drill"). Exits 1 on any mismatch.
//
//   npm run restore-drill -- [--database-url postgres://…] [--data-dir ./data] [--media-backup DIR] [--photos 3] [--pg-bin DIR]
//
// The database defaults to DATABASE_URL, then the local test server; DATA_DIR to ./data. With
// S3_BUCKET (and the other S3_* settings) set, photos are checked in the bucket, and --media-backup
// names a mirror of it.
import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { isPostgresUrl, parseCliArgs, positiveIntegerArg, redactDatabaseUrl, stringArg } from './bench/cli-args';
import { describeReport, runRestoreDrill } from './restore-drill/run-drill';

const localTestDatabase = 'postgres://postgres@127.0.0.1:5432/test';

async function main(): Promise<void> {
  const args = parseCliArgs();
  const databaseUrl = stringArg(args, 'database-url') ?? process.env.DATABASE_URL ?? localTestDatabase;
  if (!isPostgresUrl(databaseUrl)) throw new Error('--database-url (or DATABASE_URL) must be a postgres:// URL: the drill restores PostgreSQL backups');
  const dataDir = path.resolve(stringArg(args, 'data-dir') ?? process.env.DATA_DIR ?? './data');
  const mediaBackup = stringArg(args, 'media-backup');
  // Only the bucket settings are read; the drill signs nothing, so no APP_SECRET is made for it.
  const bucket = process.env.S3_BUCKET ? loadConfig({ ...process.env, NODE_ENV: 'development', APP_SECRET: 'restore-drill-signs-nothing', DATA_DIR: dataDir }).s3 ?? undefined : undefined;
  const media = bucket ? `bucket ${bucket.bucket}` : dataDir;
  console.log(`Restore drill of ${redactDatabaseUrl(databaseUrl)}; media: ${media}${mediaBackup ? `, backup ${path.resolve(mediaBackup)}` : ''}`);
  const report = await runRestoreDrill({
    databaseUrl,
    dataDir,
    bucket,
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
