// `npm run bench:saved-searches -- [--database-url URL] [--searches 200000] [--matches 300] [--workers 4] [--rounds 3] [--no-docs]`
// Saved searches at scale (issue 21, decision 20), on a database filled by `npm run seed:scale`
// (1,000,000 listings and 100,000 members by default): adds the saved searches, then
//  - matches fresh listings to them as the `saved-search-match` job does, one after another, timing
//    each (budget p99 < 50 ms), next to its ceiling: the candidate statement alone over pg;
//  - runs a whole day's digests (every daily search, a day of listings each) as the workers would,
//    `--workers` at a time (budget < 5 minutes).
// Both are done in each of `--rounds` rounds (at least 3) and judged on the median round
// (scripts/bench/verdict.ts); before each round's digests the searches are a day behind again.
// Mail is counted, not sent (sending is a job of its own). The saved searches and fresh listings
// are removed afterwards. The run is written to its own file in docs/benchmarks/runs/.
import { listingCategoryValues } from '../src/domain/listing';
import type { Config } from '../src/server/config';
import { openDatabase } from '../src/server/db/open-database';
import { createLogger } from '../src/server/http/logger';
import { alertsForListings, candidateSearches, sendSavedSearchMail } from '../src/server/listings/saved-search-alerts';
import type { JobQueue } from '../src/server/services/job-queue';
import type { MailSender } from '../src/server/services/mail';
import type { SmsSender } from '../src/server/services/sms';
import { countData, ensureDatabaseExists } from './bench/bench-database';
import { isPostgresUrl, parseCliArgs, positiveIntegerArg, redactDatabaseUrl, stringArg } from './bench/cli-args';
import { mapWithConcurrency } from './bench/load-phases';
import { describeMachineOf } from './bench/report';
import { publishRun } from './bench/run-files';
import { describeJudgements, formatRuns, judgeBudget, judgeRun, minimumRuns, summariseRuns } from './bench/verdict';
import { categoryVocabulary } from './bench/seed-vocabulary';

const budgets = { matchP99Ms: 50, dayOfDigestsMs: 5 * 60 * 1000 };
const benchName = 'bench saved search';


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
  const rounds = positiveIntegerArg(args, 'rounds', minimumRuns);
  if (rounds < minimumRuns) throw new Error(`--rounds must be at least ${minimumRuns}: the budgets are judged on at least ${minimumRuns} rounds.`);
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
    // Digests send no texts (decision 33); an alert's text would go nowhere here.
    const sms: SmsSender = { kind: 'outbox', send: async () => undefined };
    const deps = { db: database.db, jobs, mail, sms, log: createLogger({ logLevel: 'warn' }), config, clock: { now: () => new Date() } };

    const matchTimes: number[] = [];
    const candidateTimes: number[] = [];
    const candidateCounts: number[] = [];
    const digestTimes: number[] = [];
    const roundMatchP99s: number[] = [];
    const dayMsByRound: number[] = [];
    let daily: { id: string }[] = [];
    for (let round = 1; round <= rounds; round += 1) {
      // Fresh listings: copies of random seeded ones, listed now.
      const { rows: listed } = await pool.query<{ id: string }>(
        `insert into listings (title, description, price, category, location, image_urls, seller_id, postcode, suburb, state, latitude, longitude)
         select title, description, price, category, location, image_urls, seller_id, postcode, suburb, state, latitude, longitude
           from listings where is_active and id in (select id from listings tablesample system (1) limit $1)
         returning id`,
        [matchCount],
      );
      fresh.push(...listed.map((row) => row.id));
      console.log(`Round ${round} of ${rounds}: matching ${listed.length} fresh listings ...`);
      const roundMatchTimes: number[] = [];
      for (const [index, { id: listingId }] of listed.entries()) {
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
        if (index >= 5) roundMatchTimes.push(performance.now() - started);
      }
      matchTimes.push(...roundMatchTimes);
      roundMatchP99s.push(percentile([...roundMatchTimes].sort((a, b) => a - b), 99));

      // A day of digests: every daily search, with the day's listings since its last mail.
      await pool.query(`update saved_searches set mailed_until = now() - interval '1 day' where name like $1`, [`${benchName}%`]);
      ({ rows: daily } = await pool.query<{ id: string }>(`select id from saved_searches where name like $1 and frequency = 'daily' and mail_enabled`, [`${benchName}%`]));
      console.log(`  a day of digests: ${daily.length.toLocaleString('en-AU')} daily searches, ${workers} at a time ...`);
      seeded = performance.now();
      await mapWithConcurrency(daily, workers, async ({ id }) => {
        const started = performance.now();
        await sendSavedSearchMail(deps, { savedSearchId: id, digest: true });
        digestTimes.push(performance.now() - started);
      });
      dayMsByRound.push(performance.now() - seeded);
      console.log(`  matching p99 ${roundMatchP99s.at(-1)!.toFixed(1)} ms; the day of digests ${(dayMsByRound.at(-1)! / 1000).toFixed(1)} s`);
    }
    matchTimes.sort((a, b) => a - b);
    candidateTimes.sort((a, b) => a - b);
    candidateCounts.sort((a, b) => a - b);
    digestTimes.sort((a, b) => a - b);
    const matchP99 = percentile(matchTimes, 99);
    // No separate control here: the noise is the rounds' own spread.
    const judgements = {
      match: judgeBudget({ runs: roundMatchP99s, budget: { name: 'matching p99', rule: 'below', limit: budgets.matchP99Ms, unit: 'ms' }, controlSpread: 0 }),
      day: judgeBudget({ runs: dayMsByRound.map((value) => value / 1000), budget: { name: 'a day of digests', rule: 'below', limit: budgets.dayOfDigestsMs / 1000, unit: 's' }, controlSpread: 0 }),
    };
    const runVerdict = judgeRun({ judged: [{ label: 'saved searches', judgements: [judgements.match, judgements.day] }], leftOut: [], runs: rounds });

    const lines = [
      `- Machine: ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB RAM; Node ${machine.node}; PostgreSQL ${machine.postgres} (${machine.postgresSettings}); load average ${machine.loadAverage} when the run started`,
      `- Data: ${counts.total.toLocaleString('en-AU')} listings (${counts.active.toLocaleString('en-AU')} active), ${counts.users.toLocaleString('en-AU')} members; saved searches added in ${seedSeconds.toFixed(1)} s: ${mix.map((row) => `${row.frequency} ${row.words ? 'with words' : 'category only'} ${Number(row.count).toLocaleString('en-AU')}`).join(', ')}`,
      `- **${runVerdict.text}** ${describeJudgements([judgements.match, judgements.day])}`,
      `- By round, min / median / max: matching p99 ${formatRuns(summariseRuns(roundMatchP99s))} ms; a day of digests ${formatRuns(summariseRuns(dayMsByRound.map((value) => value / 1000)))} s.`,
      '',
      '| measure (all rounds together) | p50 | p99 | max |',
      '|---|---:|---:|---:|',
      `| Matching a new listing (the job's work: the matching statement, then the area rule), ms | ${ms(percentile(matchTimes, 50))} | ${ms(matchP99)} | ${ms(matchTimes.at(-1) ?? 0)} |`,
      `| The matching statement alone (pg), ms | ${ms(percentile(candidateTimes, 50))} | ${ms(percentile(candidateTimes, 99))} | ${ms(candidateTimes.at(-1) ?? 0)} |`,
      `| Instant searches the statement returns (the area narrowed, before the exact rule) | ${percentile(candidateCounts, 50)} | ${percentile(candidateCounts, 99)} | ${candidateCounts.at(-1) ?? 0} |`,
      `| One digest (a day of listings for one search), ms | ${ms(percentile(digestTimes, 50))} | ${ms(percentile(digestTimes, 99))} | ${ms(digestTimes.at(-1) ?? 0)} |`,
      '',
      `- ${fresh.length} fresh listings matched one after another, ${matchCount} a round (the first 5 of each round not timed; the statement alone is ${Math.round((percentile(candidateTimes, 99) / Math.max(matchP99, 0.001)) * 100)}% of the p99); ${queuedMails.toLocaleString('en-AU')} alert and digest mail jobs queued in all.`,
      `- A day of digests, each round: ${daily.length.toLocaleString('en-AU')} daily searches, ${workers} at a time (budget < ${budgets.dayOfDigestsMs / 60_000} minutes); ${sentMails.toLocaleString('en-AU')} digests over all rounds had something new.`,
      '',
    ];
    publishRun(
      {
        script: 'bench:saved-searches',
        startedAt,
        title: `${searchCount.toLocaleString('en-AU')} saved searches, ${counts.total.toLocaleString('en-AU')} listings`,
        argv: process.argv.slice(2),
        body: lines.join('\n'),
      },
      { write: !args.has('no-docs') },
    );
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
