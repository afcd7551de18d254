// Two app servers in one process, for the benchmarks that price one feature side by side
// (bench:metrics, bench:views): the app on PORT with the settings the process was started with, and
// its twin on TWIN_PORT with TWIN_ENV's settings over them (a JSON object), assembled as main.ts
// assembles one. Two processes of one build can differ by 25% by themselves on a small machine (how
// the JIT and the heap happened to settle); two apps in one process share all of that, so what
// differs between them is the feature. Bundled like the server (esbuild) by the benchmark before it runs.
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { createDeps } from '../../src/server/create-deps';

const twinPort = process.env.TWIN_PORT;
if (!twinPort || !process.env.TWIN_ENV) throw new Error('twin-server needs TWIN_PORT and TWIN_ENV');
const twinEnv = JSON.parse(process.env.TWIN_ENV) as Record<string, string>;

const apps: { app: Awaited<ReturnType<typeof buildApp>>; deps: Awaited<ReturnType<typeof createDeps>> }[] = [];
for (const config of [loadConfig(), loadConfig({ ...process.env, ...twinEnv, PORT: twinPort })]) {
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
