// Two app servers in one process for npm run bench:metrics: the app on PORT with METRICS_TOKEN (the
// request hook on) and its twin on TWIN_PORT without (no hook), assembled as main.ts assembles one.
// Two processes of one build can differ by 25% by themselves on a small machine (how the JIT and
// the heap happened to settle); two apps in one process share all of that, so what differs between
// them is the hook. Bundled like the server (esbuild) by the benchmark before it runs.
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { createDeps } from '../../src/server/create-deps';

const twinPort = process.env.TWIN_PORT;
if (!process.env.METRICS_TOKEN || !twinPort) throw new Error('metrics-twin-server needs METRICS_TOKEN and TWIN_PORT');

const withMetrics = loadConfig();
const withoutMetrics = loadConfig({ ...process.env, METRICS_TOKEN: '', PORT: twinPort });
if (!withMetrics.metrics || withoutMetrics.metrics) throw new Error('metrics-twin-server: one app must have metrics and the other none');

const apps: { app: Awaited<ReturnType<typeof buildApp>>; deps: Awaited<ReturnType<typeof createDeps>> }[] = [];
for (const config of [withMetrics, withoutMetrics]) {
  const deps = await createDeps(config);
  const app = await buildApp(deps);
  await app.listen({ port: config.port, host: config.host });
  apps.push({ app, deps });
}

process.once('SIGTERM', () => {
  void (async () => {
    for (const { app, deps } of apps) {
      await app.close();
      await deps.close();
    }
    process.exit(0);
  })();
});
