// npm run bench:views: what counting listing views costs the cached listing detail (decision 48;
// budget: it keeps at least 97% of its throughput, i.e. under 3% more server CPU per answer). Two
// apps in one process (scripts/bench/twin-apps.ts), one counting views (LISTING_VIEW_FLUSH_MS 5000)
// and one not (0), take the same load in turns: visitors with a phone's user agent, each request
// from one of 20,000 addresses (X-Forwarded-For, TRUST_PROXY on both) for one of 2,000 listings,
// so the counter holds and writes thousands of distinct views. The cached detail answers from
// memory, so the view's own cost is what differs.
//   npm run bench:views [-- --processes 3 --rounds 2 --seconds 5 --connections 50 --control --no-pin --no-docs]
import pg from 'pg';
import { parseCliArgs } from './bench/cli-args';
import { runTwinBench, twinOptionsFrom } from './bench/twin-apps';

const args = parseCliArgs();
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench';
const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
const { rows } = await pool.query<{ id: string }>('select id from listings where is_active and hidden_at is null order by id limit 2000');
if (rows.length === 0) throw new Error('bench:views needs listings: run npm run seed:scale first.');
const listingIds = rows.map((row) => row.id);
const phone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
let counter = 0;
/** Views in the database (none before the app's first start has made the table). */
async function countViews(): Promise<number> {
  const { rows: table } = await pool.query<{ name: string | null }>("select to_regclass('listing_views')::text as name");
  if (!table[0].name) return 0;
  return Number((await pool.query<{ count: string }>('select count(*) from listing_views')).rows[0].count);
}
const viewsBefore = await countViews();

const judgement = await runTwinBench(
  {
    script: 'bench:views',
    feature: 'view counting',
    withEnv: { LISTING_VIEW_FLUSH_MS: '5000', TRUST_PROXY: '1' },
    twinEnv: { LISTING_VIEW_FLUSH_MS: '0' },
    shape: {
      method: 'GET',
      path: `/api/listings/${listingIds[0]}`,
      headers: { 'user-agent': phone },
      setupRequest: (request) => {
        counter += 1;
        const visitor = counter % 20_000;
        const address = `10.0.${visitor >> 8}.${visitor & 255}`;
        return { ...request, path: `/api/listings/${listingIds[counter % listingIds.length]}`, headers: { ...request.headers, 'user-agent': phone, 'x-forwarded-for': address } };
      },
    },
    budgetShare: 0.03,
    title: 'cached listing detail, visitors from 20,000 addresses over 2,000 listings',
    // The counting app did write views.
    check: async () => {
      await new Promise((resolve) => setTimeout(resolve, 6000));
      if ((await countViews()) <= viewsBefore) throw new Error('The app counting views wrote none.');
    },
  },
  twinOptionsFrom(args, databaseUrl),
);
// The views the run made are not the catalogue's: gone again.
await pool.query('delete from listing_views where day >= current_date - 1');
await pool.end();
if (judgement.verdict === 'not met') process.exitCode = 1;
