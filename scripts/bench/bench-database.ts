// The benchmark's PostgreSQL database: made when missing, filled by `npm run seed:scale`.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { benchMemberEmail } from './bench-accounts';
import { redactDatabaseUrl } from './cli-args';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const tsxBin = path.join(projectRoot, 'node_modules', '.bin', 'tsx');

export async function ensureDatabaseExists(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!name) throw new Error('The database URL must name a database, e.g. postgres://postgres@127.0.0.1:5432/bench');
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      console.log(`Creating database "${name}"`);
      await admin.query(`create database "${name.replace(/"/g, '""')}"`);
    }
  } finally {
    await admin.end();
  }
}

export type DataCounts = { total: number; active: number; users: number; benchMembers: number };

export async function countData(pool: pg.Pool): Promise<DataCounts> {
  try {
    const { rows } = await pool.query(
      `select (select count(*) from listings)::int as total, (select count(*) from listings where is_active)::int as active,
              (select count(*) from users)::int as users,
              (select count(*) from users where email = any($1::text[]))::int as "benchMembers"`,
      [[benchMemberEmail('starter'), benchMemberEmail('explorer'), benchMemberEmail('connector')]],
    );
    return rows[0] as DataCounts;
  } catch (error) {
    if ((error as { code?: string }).code === '42P01') return { total: 0, active: 0, users: 0, benchMembers: 0 };
    throw error;
  }
}

export async function runSeed(databaseUrl: string, listings: number, usersCount: number): Promise<number> {
  const started = performance.now();
  const args = ['scripts/seed-scale.ts', '--listings', String(listings), '--users', String(usersCount), '--database-url', databaseUrl];
  console.log(`Running the scale seed: tsx ${args.join(' ').replace(databaseUrl, redactDatabaseUrl(databaseUrl))}`);
  const code = await new Promise<number | null>((resolve) => {
    spawn(tsxBin, args, { cwd: projectRoot, stdio: 'inherit' }).once('exit', resolve);
  });
  if (code !== 0) throw new Error(`The scale seed failed (exit code ${code}).`);
  return (performance.now() - started) / 1000;
}

/**
 * Vacuums (and analyzes) every table holding many dead rows: the sessions, sellers, conversations,
 * messages and map counts earlier runs made and deleted. Where autovacuum is off (CI's PostgreSQL),
 * they stay, and each run read more of them than the one before (the map's 2,660 postcodes lay among
 * 36,000 dead rows after a dozen runs). Done before a run, every run starts from the same tables,
 * as a database that autovacuum keeps would hold them. Returns the tables vacuumed.
 */
export async function vacuumDeadRows(pool: pg.Pool, atLeast = 1_000): Promise<string[]> {
  const { rows } = await pool.query<{ name: string }>(`select format('%I.%I', schemaname, relname) as name from pg_stat_user_tables where n_dead_tup >= $1 order by n_dead_tup desc`, [atLeast]);
  for (const { name } of rows) await pool.query(`vacuum (analyze) ${name}`);
  return rows.map((row) => row.name);
}
