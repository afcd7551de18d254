import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // `@/` is src/web, as vite.config.ts and tsconfig.json's paths say; every project below extends this.
  resolve: { alias: { '@/': fileURLToPath(new URL('./src/web/', import.meta.url)) } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // The web app's pieces that hold logic, rendered in happy-dom and used as a person would.
        extends: true,
        test: {
          name: 'web',
          include: ['tests/web/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['tests/web/support/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // One migrated database per run, copied by every test server (support/database-template.ts).
          globalSetup: ['tests/api/support/global-setup.ts'],
          // Two files at a time even on two cores: many API tests spend their time waiting (job
          // polling, schedules, a server's drain), and one file's wait is another's run (300 s -> 200 s).
          maxWorkers: 2,
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // One Chromium and one migrated embedded database for the run (support/global-setup.ts).
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // Two journeys at a time: each has its own server and browser contexts, and much of a
          // journey is waiting on a page.
          maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
        },
      },
    ],
  },
});
