// npm run bench:metrics: what the Prometheus metrics cost (budget: under 3% of cached browse
// throughput). Two apps over the benchmark database in one process (scripts/bench/twin-apps.ts),
// one with METRICS_TOKEN (the request hook records every answer) and one without (no hook at all),
// take the same cached browse load in turns. The process has one core and autocannon the other
// (taskset; `--no-pin` turns that off). `--control` sends both turns to the app without metrics, to
// show the spread of two like measurements (printed, not recorded).
//   npm run bench:metrics [-- --processes 3 --rounds 2 --seconds 5 --connections 50 --control --no-pin --no-docs]
import { parseCliArgs } from './bench/cli-args';
import { runTwinBench, twinOptionsFrom } from './bench/twin-apps';

const metricsToken = 'bench-metrics-token-0123456789abcdef';

const args = parseCliArgs();
const judgement = await runTwinBench(
  {
    script: 'bench:metrics',
    feature: 'metrics',
    withEnv: { METRICS_TOKEN: metricsToken },
    twinEnv: { METRICS_TOKEN: '' },
    shape: { method: 'GET', path: '/api/listings' },
    budgetShare: 0.03,
    title: 'cached browse',
    // The hook did count: the scrape shows this load.
    check: async (baseUrl) => {
      const scrape = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
      if (!/^http_requests_total\{method="GET",route="\/api\/listings",status="200"\} \d+/m.test(await scrape.text())) throw new Error('The app with metrics did not count the browse requests.');
    },
  },
  twinOptionsFrom(args, process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench'),
);
if (judgement.verdict === 'not met') process.exitCode = 1;
