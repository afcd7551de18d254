// The restore drill (docs/deploy.md, "Restore drill"): dumps a database with pg_dump (custom
// format), restores the dump into a scratch database on the same server, compares the exact row
// count of every table, checks that photos the restored listings show are in the media backup with
// the same bytes as the live files, and drops the scratch database. A backup nobody has restored is
// a hope, not a backup.
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Readable } from 'node:stream';
import pg from 'pg';
import type { S3Settings } from '../../src/server/config';
import { createS3MediaStorage } from '../../src/server/services/s3-storage';
import { mediaKeyFromUrl } from '../../src/server/services/storage';

const run = promisify(execFile);

export type DrillOptions = {
  /** The database to back up and restore (it is only read). */
  databaseUrl: string;
  /** DATA_DIR of the live server: its media/ and videos/ hold the photos' original files. */
  dataDir: string;
  /** The bucket the servers keep media in (S3_BUCKET…): photos are checked there instead of under DATA_DIR. */
  bucket?: S3Settings;
  /** Where the media backup is (a copy of DATA_DIR's media/ and videos/, or a mirror of the bucket); DATA_DIR itself when unset. */
  mediaBackupDir?: string;
  /** How many listing photos to check, picked at random. */
  photos?: number;
  /** Folder holding pg_dump and pg_restore; found from the server's version, then PATH, when unset. */
  pgBinDir?: string;
  /** Called between the restore and the comparison (the tests break the restore here on purpose). */
  afterRestore?: (scratchDatabaseUrl: string) => Promise<void>;
  log?: (line: string) => void;
};

export type TableCount = { table: string; source: number; restored: number | null };

export type PhotoCheck = { url: string; bytes: number; sha256: string } | { url: string; problem: string };

export type DrillReport = {
  ok: boolean;
  problems: string[];
  tables: TableCount[];
  photos: PhotoCheck[];
  /** Why no photo was checked, when none was. */
  photosSkipped: string | null;
  dumpBytes: number;
  scratchDatabase: string;
};

/** A client for a URL, with the password kept out of child processes' argument lists. */
function connectionFor(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: password ? { ...process.env, PGPASSWORD: password } : { ...process.env } };
}

function withDatabase(databaseUrl: string, name: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function toolVersion(binary: string): Promise<number> {
  const { stdout } = await run(binary, ['--version']);
  const match = /(\d+)\.\d+/.exec(stdout);
  if (!match) throw new Error(`could not read the version of ${binary}: ${stdout.trim()}`);
  return Number(match[1]);
}

/**
 * pg_dump must be at least the server's major version (an older one refuses to dump a newer
 * server). Debian installs each version under /usr/lib/postgresql/N/bin: the server's own is
 * preferred, then whatever is on PATH.
 */
async function findTools(serverMajor: number, pgBinDir: string | undefined): Promise<{ pgDump: string; pgRestore: string; major: number }> {
  const candidates = pgBinDir ? [pgBinDir] : [`/usr/lib/postgresql/${serverMajor}/bin`, ''];
  for (const dir of candidates) {
    const pgDump = dir ? path.join(dir, 'pg_dump') : 'pg_dump';
    const pgRestore = dir ? path.join(dir, 'pg_restore') : 'pg_restore';
    if (dir && !existsSync(pgDump)) continue;
    const major = await toolVersion(pgDump).catch(() => null);
    if (major === null) continue;
    if (major < serverMajor) {
      throw new Error(`pg_dump ${major} cannot dump a PostgreSQL ${serverMajor} server: install postgresql-client-${serverMajor} or pass --pg-bin`);
    }
    return { pgDump, pgRestore, major };
  }
  throw new Error('pg_dump was not found: install the PostgreSQL client tools (Debian: postgresql-client) or pass --pg-bin');
}

/** Every table of every schema but PostgreSQL's own (the app's, drizzle's migrations, the job queue's). */
const tablesQuery = `
  select n.nspname as schema, c.relname as name
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p')
    and n.nspname not in ('pg_catalog', 'information_schema')
    and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%'
  order by 1, 2`;

async function countRows(client: pg.Client): Promise<Map<string, number>> {
  const { rows } = await client.query<{ schema: string; name: string }>(tablesQuery);
  const counts = new Map<string, number>();
  for (const { schema, name } of rows) {
    const result = await client.query<{ count: string }>(`select count(*) as count from only ${quoteIdentifier(schema)}.${quoteIdentifier(name)}`);
    counts.set(`${schema}.${name}`, Number(result.rows[0].count));
  }
  return counts;
}

async function sha256Of(file: string): Promise<string> {
  return createHash('sha256').update(await readFile(file)).digest('hex');
}

async function sha256OfStream(body: Readable): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of body) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

/**
 * Media in a bucket: each photo must be there, with the size the restored database records and,
 * when a mirror of the bucket is named, the same bytes as the mirror's copy.
 */
async function checkPhotosInBucket(rows: { url: string; recorded_bytes: number | null }[], bucket: S3Settings, mirrorDir: string | undefined): Promise<PhotoCheck[]> {
  const storage = createS3MediaStorage(bucket);
  if (storage.serving.from !== 'bucket') throw new Error('the bucket storage does not read from a bucket');
  const { read } = storage.serving;
  const photos: PhotoCheck[] = [];
  try {
    for (const row of rows) {
      const key = keyOfPhoto(row.url);
      const stored = key ? await read(key, {}) : null;
      if (!key || !stored?.body) {
        photos.push({ url: row.url, problem: key ? `is missing from the bucket ${bucket.bucket}` : 'is not a media address this server stores' });
        continue;
      }
      const { sha256, bytes } = await sha256OfStream(stored.body);
      const mirrored = mirrorDir ? path.join(mirrorDir, key) : null;
      if (row.recorded_bytes !== null && row.recorded_bytes !== bytes) {
        photos.push({ url: row.url, problem: `has ${bytes} bytes in the bucket where the restored database records ${row.recorded_bytes}` });
      } else if (mirrored && !existsSync(mirrored)) {
        photos.push({ url: row.url, problem: `is missing from the media backup (${mirrored})` });
      } else if (mirrored && (await sha256Of(mirrored)) !== sha256) {
        photos.push({ url: row.url, problem: 'differs between the bucket and the media backup' });
      } else {
        photos.push({ url: row.url, bytes, sha256 });
      }
    }
  } finally {
    storage.close();
  }
  return photos;
}

/** The storage key of a photo URL: "/media/…" as stored locally, or the path of an absolute URL. */
function keyOfPhoto(url: string): string | null {
  const direct = mediaKeyFromUrl(url);
  if (direct) return direct;
  try {
    return mediaKeyFromUrl(new URL(url).pathname);
  } catch {
    return null;
  }
}

async function checkPhotos(restored: pg.Client, options: DrillOptions, wanted: number): Promise<{ photos: PhotoCheck[]; skipped: string | null }> {
  const { rows: found } = await restored.query<{ listings: string | null }>("select to_regclass('public.listings')::text as listings");
  if (!found[0].listings) return { photos: [], skipped: 'the database has no listings table (not migrated)' };
  const { rows } = await restored.query<{ url: string; recorded_bytes: number | null }>(
    `select l.image_urls[1] as url, i.bytes as recorded_bytes
     from listings l left join uploaded_images i on i.url = l.image_urls[1]
     where cardinality(l.image_urls) > 0
     order by random() limit $1`,
    [wanted],
  );
  if (rows.length === 0) return { photos: [], skipped: 'no listing in the restored database has a photo' };
  if (options.bucket) return { photos: await checkPhotosInBucket(rows, options.bucket, options.mediaBackupDir), skipped: null };
  const backupDir = options.mediaBackupDir ?? options.dataDir;
  const photos: PhotoCheck[] = [];
  for (const row of rows) {
    const key = keyOfPhoto(row.url);
    if (!key) {
      photos.push({ url: row.url, problem: 'is not a media address this server stores' });
      continue;
    }
    const live = path.join(options.dataDir, key);
    const backup = path.join(backupDir, key);
    if (!existsSync(live)) {
      photos.push({ url: row.url, problem: `is not under DATA_DIR (${live})` });
      continue;
    }
    if (!existsSync(backup)) {
      photos.push({ url: row.url, problem: `is missing from the media backup (${backup})` });
      continue;
    }
    const [liveHash, backupHash, backupStat] = await Promise.all([sha256Of(live), sha256Of(backup), stat(backup)]);
    if (liveHash !== backupHash) {
      photos.push({ url: row.url, problem: `differs from the live file (sha256 ${backupHash.slice(0, 12)}… in the backup, ${liveHash.slice(0, 12)}… live)` });
    } else if (row.recorded_bytes !== null && row.recorded_bytes !== backupStat.size) {
      photos.push({ url: row.url, problem: `has ${backupStat.size} bytes where the restored database records ${row.recorded_bytes}` });
    } else {
      photos.push({ url: row.url, bytes: backupStat.size, sha256: backupHash });
    }
  }
  return { photos, skipped: null };
}

export async function runRestoreDrill(options: DrillOptions): Promise<DrillReport> {
  const log = options.log ?? (() => {});
  const problems: string[] = [];
  const source = new pg.Client({ connectionString: options.databaseUrl });
  await source.connect();
  const scratchName = `restore_drill_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const scratchUrl = withDatabase(options.databaseUrl, scratchName);
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'restore-drill-'));
  const dumpFile = path.join(workDir, 'database.dump');
  let scratchCreated = false;
  try {
    const serverMajor = Number((await source.query<{ v: string }>("select current_setting('server_version_num') as v")).rows[0].v.slice(0, -4));
    const tools = await findTools(serverMajor, options.pgBinDir);
    log(`PostgreSQL ${serverMajor}, pg_dump ${tools.major}`);

    // One snapshot for the dump and the counts, so rows written meanwhile cannot make them differ.
    await source.query('begin isolation level repeatable read read only');
    const snapshot = (await source.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0].id;
    const dumpStarted = performance.now();
    const from = connectionFor(options.databaseUrl);
    await run(tools.pgDump, ['--format=custom', `--snapshot=${snapshot}`, `--file=${dumpFile}`, `--dbname=${from.url}`], { env: from.env, maxBuffer: 16 * 1024 * 1024 });
    const sourceCounts = await countRows(source);
    await source.query('commit');
    const dumpBytes = (await stat(dumpFile)).size;
    log(`dump: ${(dumpBytes / 1024 / 1024).toFixed(1)} MB (custom format) in ${((performance.now() - dumpStarted) / 1000).toFixed(1)} s`);

    await source.query(`create database ${quoteIdentifier(scratchName)}`);
    scratchCreated = true;
    const restoreStarted = performance.now();
    const into = connectionFor(scratchUrl);
    await run(tools.pgRestore, ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${into.url}`, dumpFile], { env: into.env, maxBuffer: 16 * 1024 * 1024 });
    log(`restored into ${scratchName} in ${((performance.now() - restoreStarted) / 1000).toFixed(1)} s`);

    if (options.afterRestore) await options.afterRestore(scratchUrl);

    const restored = new pg.Client({ connectionString: scratchUrl });
    await restored.connect();
    try {
      const restoredCounts = await countRows(restored);
      const tables: TableCount[] = [...sourceCounts].map(([table, count]) => ({ table, source: count, restored: restoredCounts.get(table) ?? null }));
      for (const { table, source: expected, restored: actual } of tables) {
        if (actual === null) problems.push(`${table}: missing from the restore (${expected} rows in the source)`);
        else if (actual !== expected) problems.push(`${table}: ${expected} rows in the source, ${actual} restored`);
      }
      for (const table of restoredCounts.keys()) {
        if (!sourceCounts.has(table)) problems.push(`${table}: in the restore but not in the source`);
      }
      const photoResult = await checkPhotos(restored, options, options.photos ?? 3);
      for (const photo of photoResult.photos) if ('problem' in photo) problems.push(`photo ${photo.url} ${photo.problem}`);
      return { ok: problems.length === 0, problems, tables, photos: photoResult.photos, photosSkipped: photoResult.skipped, dumpBytes, scratchDatabase: scratchName };
    } finally {
      await restored.end();
    }
  } finally {
    if (scratchCreated) {
      await source.query(`drop database if exists ${quoteIdentifier(scratchName)} with (force)`);
      log(`scratch database ${scratchName} dropped`);
    }
    await source.end();
    await rm(workDir, { recursive: true, force: true });
  }
}

/** The short report the command prints. */
export function describeReport(report: DrillReport): string[] {
  const rows = (pick: (count: TableCount) => number | null) => report.tables.reduce((sum, count) => sum + (pick(count) ?? 0), 0);
  const lines = [`tables: ${report.tables.length} compared; rows ${rows((count) => count.source).toLocaleString('en-AU')} in the source, ${rows((count) => count.restored).toLocaleString('en-AU')} restored`];
  for (const photo of report.photos) {
    lines.push('problem' in photo ? `photo ${photo.url}: ${photo.problem}` : `photo ${photo.url}: ${photo.bytes.toLocaleString('en-AU')} bytes, sha256 ${photo.sha256.slice(0, 16)}… matches`);
  }
  if (report.photosSkipped) lines.push(`photos not checked: ${report.photosSkipped}`);
  for (const problem of report.problems) lines.push(`MISMATCH ${problem}`);
  lines.push(report.ok ? 'Restore drill passed.' : `Restore drill FAILED: ${report.problems.length} problem(s).`);
  return lines;
}
