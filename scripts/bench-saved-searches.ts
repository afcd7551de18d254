// `npm run bench:saved-searches -- [--database-url URL] [--searches 200000] [--matches 300] [--workers 4] [--no-docs]`
// Saved searches at scale (issue 21, decision 20), on a database filled by `npm run seed:scale`
// (1,000,000 listings and 100,000 members by default): adds the saved searches, then
//  - matches fresh listings to them as the `saved-search-match` job does, one after another, timing
//    each (budget p99 < 50 ms), next to its ceiling: the candidate statement alone over pg;
//  - runs a whole day's digests (every daily search, a day of listings each) as the workers would,
//    `--workers` at a time (budget < 5 minutes).
// Mail is counted, not sent (sending is a job of its own). The saved searches and fresh listings
// are removed afterwards. The run is added to docs/benchmarks.md under "Saved searches".
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { listingCategoryValues } from '../src/domain/listing';
import type { Config } from '../src/server/config';
import { openDatabase } from '../src/server/db/open-database';
import { alertsForListings, candidateSearches, sendSavedSearchMail } from '../src/server/listings/saved-search-alerts';
import type { JobQueue } from '../src/server/services/job-queue';
import type { MailSender } from '../src/server/services/mail';
import { countData, ensureDatabaseExists } from './bench/bench-database';
import { isPostgresUrl, parseCliArgs, positiveIntegerArg, redactDatabaseUrl, stringArg } from './bench/cli-args';
import { mapWithConcurrency } from './bench/load-phases';
import { describeMachineOf, publishSectionRun } from './bench/report';
import { categoryVocabulary } from './bench/seed-vocabulary';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const budgets = { matchP99Ms: 50, dayOfDigestsMs: 5 * 60 * 1000 };
const benchName = 'bench saved search';

const section = {
  heading: '## Saved searches',
  marker: '<!-- newest saved-search run first: npm run bench:saved-searches inserts each run below this line -->',
  intro: [
    'Results of `npm run bench:saved-searches` (scripts/bench-saved-searches.ts): with 1,000,000 listings, 100,000 members',
    'and 200,000 saved searches on PostgreSQL, matching a new listing to its saved searches p99 < 50 ms, and a day of',
    'digests for every member in under 5 minutes (decision 20). Creating a listing stays within 10% of its p99 before',
    'saved searches: see the POST line of `npm run bench`.',
  ],
};

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));

async function main(): Promise<void> {
  const args = parseCliArgs();
  const databaseUrl = stringArg(args, 'database-url') ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench';
  if (!isPostgresUrl(databaseUrl)) throw new Error('The benchmark needs PostgreSQL: set DATABASE_URL to a postgres:// URL.');
  const searchCount = positiveIntegerArg(args, 'searches', 200_000);
  const matchCount = positiveIntegerArg(args, 'matches', 300);
  const workers = positiveIntegerArg(args, 'workers', 4);
  const startedAt = new Date();
  console.log(`Saved searches benchmark against ${redactDatabaseUrl(databaseUrl)}`);
  await ensureDatabaseExists(databaseUrl);
  const database = await openDatabase({ databaseUrl, poolSize: workers + 2 });
  const { Pool } = (await import('pg')).default;
  const pool = new Pool({ connectionString: databaseUrl, max: 2 });
  const fresh: string[] = [];
  try {
    const counts = await countData(pool);
    if (counts.total < 100_000) throw new Error(`The database holds ${counts.total} listings: fill it first with npm run seed:scale.`);
    const machine = await describeMachineOf(pool);

    // The saved searches: two per member on average, over the seed's own words and categories.
    await pool.query(`delete from saved_searches where name like $1`, [`${benchName}%`]);
    const words = [...new Set(Object.values(categoryVocabulary).flatMap((entry) => entry.items.flatMap((item) => item.split(' '))))].filter((word) => word.length > 3);
    let seeded = performance.now();
    await pool.query(
      `with members as (select id, row_number() over (order by id) as rn from users),
            total as (select count(*) as n from members)
       insert into saved_searches (user_id, name, query, frequency, mailed_until, last_seen_at)
       select m.id, $2 || ' ' || g,
              case when g % 10 < 6 then jsonb_build_object('search', ($3::text[])[1 + g % cardinality($3::text[])])
                   when g % 10 < 9 then jsonb_build_object('category', ($4::text[])[1 + g % cardinality($4::text[])])
                   else jsonb_build_object('search', ($3::text[])[1 + (g * 7) % cardinality($3::text[])], 'category', ($4::text[])[1 + g % cardinality($4::text[])]) end,
              case when g % 10 < 7 then 'instant' else 'daily' end,
              now() - interval '1 day', now() - interval '1 day'
         from generate_series(1, $1::int) g
        cross join total
         join members m on m.rn = 1 + (g::bigint * 7919) % total.n`,
      [searchCount, benchName, words, listingCategoryValues],
    );
    await pool.query('vacuum analyze saved_searches');
    const seedSeconds = (performance.now() - seeded) / 1000;
    const { rows: mix } = await pool.query<{ frequency: string; words: boolean; count: string }>(
      `select frequency, cardinality(word_lexemes) > 0 as words, count(*) from saved_searches where name like $1 group by 1, 2 order by 1, 2`,
      [`${benchName}%`],
    );
    console.log(`${searchCount.toLocaleString('en-AU')} saved searches in ${seedSeconds.toFixed(1)} s`);

    let queuedMails = 0;
    let sentMails = 0;
    // Jobs are counted; queueing them for real is one insert per listing (sendMany), measured apart from matching.
    const jobs = {
      send: async () => void (queuedMails += 1),
      sendMany: async (_name: string, batch: readonly unknown[]) => void (queuedMails += batch.length),
    } as unknown as JobQueue;
    const mail: MailSender = { kind: 'outbox', send: async () => void (sentMails += 1) };
    const config = { appSecret: 'bench-secret-bench-secret-bench-secret', publicUrl: 'http://bench.local' } as Config;
    const deps = { db: database.db, jobs, mail, config, clock: { now: () => new Date() } };

    // Fresh listings: copies of random seeded ones, listed now.
    const { rows: listed } = await pool.query<{ id: string }>(
      `insert into listings (title, description, price, category, location, image_urls, seller_id, postcode, suburb, state, latitude, longitude)
       select title, description, price, category, location, image_urls, seller_id, postcode, suburb, state, latitude, longitude
         from listings where is_active and id in (select id from listings tablesample system (1) limit $1)
       returning id`,
      [matchCount],
    );
    fresh.push(...listed.map((row) => row.id));
    console.log(`Matching ${fresh.length} fresh listings ...`);
    const matchTimes: number[] = [];
    const candidateTimes: number[] = [];
    const candidateCounts: number[] = [];
    for (const [index, listingId] of fresh.entries()) {
      const { rows: places } = await pool.query<{ id: string; postcode: string | null; state: string | null; latitude: number | null; longitude: number | null }>(
        `select id, postcode, state, latitude, longitude from listings where id = $1`,
        [listingId],
      );
      let started = performance.now();
      const candidates = await candidateSearches(deps, places);
      candidateTimes.push(performance.now() - started);
      candidateCounts.push(candidates.length);
      // The job's work for one listing: the candidates, the area rule, the alerts queued.
      started = performance.now();
      await jobs.sendMany('saved-search-mail', await alertsForListings(deps, places));
      if (index >= 5) matchTimes.push(performance.now() - started);
    }
    matchTimes.sort((a, b) => a - b);
    candidateTimes.sort((a, b) => a - b);
    candidateCounts.sort((a, b) => a - b);
    const matchP99 = percentile(matchTimes, 99);

    // A day of digests: every daily search, with the day's listings since its last mail.
    const { rows: daily } = await pool.query<{ id: string }>(`select id from saved_searches where name like $1 and frequency = 'daily' and mail_enabled`, [`${benchName}%`]);
    console.log(`A day of digests: ${daily.length.toLocaleString('en-AU')} daily searches, ${workers} at a time ...`);
    seeded = performance.now();
    const digestTimes: number[] = [];
    await mapWithConcurrency(daily, workers, async ({ id }) => {
      const started = performance.now();
      await sendSavedSearchMail(deps, { savedSearchId: id, digest: true });
      digestTimes.push(performance.now() - started);
    });
    const dayMs = performance.now() - seeded;
    digestTimes.sort((a, b) => a - b);

    const mark = (ok: boolean) => (ok ? '✓' : '✗');
    const lines = [
      `### ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC · ${searchCount.toLocaleString('en-AU')} saved searches, ${counts.total.toLocaleString('en-AU')} listings`,
      '',
      `- Machine: ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB RAM; Node ${machine.node}; PostgreSQL ${machine.postgres} (${machine.postgresSettings}); load average ${machine.loadAverage} when the run started`,
      `- Data: ${counts.total.toLocaleString('en-AU')} listings (${counts.active.toLocaleString('en-AU')} active), ${counts.users.toLocaleString('en-AU')} members; saved searches added in ${seedSeconds.toFixed(1)} s: ${mix.map((row) => `${row.frequency} ${row.words ? 'with words' : 'category only'} ${Number(row.count).toLocaleString('en-AU')}`).join(', ')}`,
      '',
      '| measure | p50 | p99 | max | budget |',
      '|---|---:|---:|---:|---|',
      `| Matching a new listing (the job's work: the matching statement, then the area rule), ms | ${ms(percentile(matchTimes, 50))} | ${ms(matchP99)} | ${ms(matchTimes.at(-1) ?? 0)} | p99 < ${budgets.matchP99Ms} ms ${mark(matchP99 < budgets.matchP99Ms)} |`,
      `| Its ceiling: the matching statement alone (pg), ms | ${ms(percentile(candidateTimes, 50))} | ${ms(percentile(candidateTimes, 99))} | ${ms(candidateTimes.at(-1) ?? 0)} | (share of the p99: ${Math.round((percentile(candidateTimes, 99) / Math.max(matchP99, 0.001)) * 100)}%) |`,
      `| Instant searches the statement returns (the area narrowed, before the exact rule) | ${percentile(candidateCounts, 50)} | ${percentile(candidateCounts, 99)} | ${candidateCounts.at(-1) ?? 0} | — |`,
      `| One digest (a day of listings for one search), ms | ${ms(percentile(digestTimes, 50))} | ${ms(percentile(digestTimes, 99))} | ${ms(digestTimes.at(-1) ?? 0)} | — |`,
      '',
      `- ${fresh.length} fresh listings matched one after another (the first 5 not timed); ${queuedMails.toLocaleString('en-AU')} alert and digest mail jobs queued in all.`,
      `- A day of digests: ${daily.length.toLocaleString('en-AU')} daily searches, ${workers} at a time, in ${(dayMs / 1000).toFixed(1)} s ${mark(dayMs < budgets.dayOfDigestsMs)} (budget < ${budgets.dayOfDigestsMs / 60_000} minutes); ${sentMails.toLocaleString('en-AU')} had something new.`,
      '',
    ];
    publishSectionRun(path.join(projectRoot, 'docs', 'benchmarks.md'), section, lines, { writeDocs: !args.has('no-docs') });
  } finally {
    if (fresh.length > 0) await pool.query('delete from listings where id = any($1::uuid[])', [fresh]);
    await pool.query(`delete from saved_searches where name like $1`, [`${benchName}%`]);
    await pool.end();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
