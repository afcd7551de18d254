// The restore drill (npm run restore-drill, docs/deploy.md): a backup of a database with members,
// listings and photos restores with every table's rows and the photos' bytes, and a restore that
// lost a row or a photo that changed fails the drill.
import { spawn } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/open-database';
import { seedDemoData } from '../../src/server/demo/seed-demo-data';
import { mediaKeyFromUrl, createLocalMediaStorage } from '../../src/server/services/storage';
import { runRestoreDrill } from '../../scripts/restore-drill/run-drill';
import { createS3MediaStorage } from '../../src/server/services/s3-storage';
import { createPostgresDatabase, postgresForTests } from './support/test-database';
import { useLocalS3 } from './support/test-s3';

// pg_dump and pg_restore need a PostgreSQL server.
const { url: postgresUrl, note: postgresNote } = await postgresForTests();

const projectRoot = path.resolve(import.meta.dirname, '../..');

function runCommand(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/restore-drill.ts', ...args], { cwd: projectRoot, env: { ...process.env, DATABASE_URL: '' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

async function databaseExists(serverUrl: string, name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return (await client.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  } finally {
    await client.end();
  }
}

describe.skipIf(!postgresUrl)(`restore drill${postgresNote}`, () => {
  const s3 = useLocalS3();
  let source: { url: string; drop: () => Promise<void> };
  let dataDir: string;
  let backupDir: string;
  let photoUrl: string;

  beforeAll(async () => {
    source = await createPostgresDatabase(postgresUrl!);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'restore-drill-data-'));
    const database = await openDatabase({ databaseUrl: source.url, poolSize: 2 });
    try {
      await seedDemoData({ db: database.db, storage: createLocalMediaStorage(dataDir), log: { info: () => {} } });
      const { rows } = await database.executeSql('select image_urls[1] as url from listings where cardinality(image_urls) > 0 limit 1');
      photoUrl = (rows[0] as { url: string }).url;
    } finally {
      await database.close();
    }
    // The media backup: a copy of DATA_DIR's media, as the nightly copy makes it.
    backupDir = `${dataDir}-backup`;
    await cp(dataDir, backupDir, { recursive: true });
  });

  afterAll(async () => {
    await source?.drop();
    await rm(dataDir, { recursive: true, force: true });
    await rm(backupDir, { recursive: true, force: true });
  });

  it('restores every row of every table and the photos the listings show, then drops its scratch database', async () => {
    const { code, output } = await runCommand(['--database-url', source.url, '--data-dir', dataDir, '--media-backup', backupDir, '--photos', '2']);
    expect(output).toContain('Restore drill passed.');
    expect(output).toMatch(/photo \/media\/\S+: [\d,]+ bytes, sha256 \w+… matches/);
    expect(code).toBe(0);
    const scratch = /scratch database (restore_drill_\w+) dropped/.exec(output)?.[1];
    expect(scratch).toBeDefined();
    expect(await databaseExists(postgresUrl!, scratch!)).toBe(false);

    const report = await runRestoreDrill({ databaseUrl: source.url, dataDir, mediaBackupDir: backupDir, photos: 1 });
    expect(report.ok).toBe(true);
    const listings = report.tables.find((table) => table.table === 'public.listings');
    expect(listings?.source).toBeGreaterThan(0);
    expect(listings?.restored).toBe(listings?.source);
    expect(report.tables.map((table) => table.table)).toEqual(expect.arrayContaining(['public.users', 'public.listings', 'drizzle.__drizzle_migrations']));
  });

  it('fails when the restore lost a row', async () => {
    const report = await runRestoreDrill({
      databaseUrl: source.url,
      dataDir,
      mediaBackupDir: backupDir,
      afterRestore: async (scratchUrl) => {
        const client = new pg.Client({ connectionString: scratchUrl });
        await client.connect();
        await client.query('delete from listings where id = (select id from listings order by id limit 1)');
        await client.end();
      },
    });
    expect(report.ok).toBe(false);
    expect(report.problems).toEqual(expect.arrayContaining([expect.stringMatching(/^public\.listings: (\d+) rows in the source, \d+ restored$/)]));
    expect(await databaseExists(postgresUrl!, report.scratchDatabase)).toBe(false);
  });

  it('fails when a photo in the media backup differs from the live file, or is missing', async () => {
    const key = mediaKeyFromUrl(photoUrl)!;
    await writeFile(path.join(backupDir, key), 'not the photo');
    const changed = await runRestoreDrill({ databaseUrl: source.url, dataDir, mediaBackupDir: backupDir, photos: 1000 });
    expect(changed.ok).toBe(false);
    expect(changed.problems.some((problem) => problem.startsWith(`photo ${photoUrl} differs from the live file`))).toBe(true);

    await rm(path.join(backupDir, key));
    const missing = await runRestoreDrill({ databaseUrl: source.url, dataDir, mediaBackupDir: backupDir, photos: 1000 });
    expect(missing.problems.some((problem) => problem.startsWith(`photo ${photoUrl} is missing from the media backup`))).toBe(true);
  });

  it('checks the photos in the bucket when media is kept in one, and fails when one is missing there', async () => {
    // The media as media:migrate-to-s3 leaves it: every file under DATA_DIR/media in the bucket under the same key.
    const bucket = createS3MediaStorage(s3().settings);
    const files = (await readdir(path.join(dataDir, 'media'), { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
    for (const file of files) {
      const key = path.relative(dataDir, path.join(file.parentPath, file.name));
      await bucket.put(key, await readFile(path.join(dataDir, key)), 'image/jpeg');
    }
    const whole = await runRestoreDrill({ databaseUrl: source.url, dataDir: '/nonexistent', bucket: s3().settings, photos: 1000 });
    expect(whole.problems).toEqual([]);
    expect(whole.photos.length).toBeGreaterThan(0);
    expect(whole.photos.every((photo) => 'sha256' in photo)).toBe(true);

    await bucket.remove(mediaKeyFromUrl(photoUrl)!);
    bucket.close();
    const missing = await runRestoreDrill({ databaseUrl: source.url, dataDir: '/nonexistent', bucket: s3().settings, photos: 1000 });
    expect(missing.ok).toBe(false);
    expect(missing.problems).toEqual([`photo ${photoUrl} is missing from the bucket ${s3().bucket}`]);
  });
});
