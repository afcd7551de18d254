import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { appClassMerge } from './scripts/class-merge-table';

/** The web tests that replace a module of the app (vi.mock): they run apart, each with modules of its own. */
const webFilesMockingModules = ['tests/web/photo-picker.test.tsx'];

export default defineConfig({
  // `@/` is src/web, as vite.config.ts and tsconfig.json's paths say; every project below extends this.
  resolve: { alias: { '@/': fileURLToPath(new URL('./src/web/', import.meta.url)) } },
  // cn() merges classes as a build does (the app's own table), not with tailwind-merge as `npm run dev` does.
  plugins: [appClassMerge()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          isolate: false,
        },
      },
      {
        // The web app's pieces that hold logic, rendered in happy-dom and used as a person would. The
        // files of a worker share one page and their modules (64 s -> 18 s: a new page and fresh
        // imports for each file were three quarters of the tier); support/setup.ts puts back what the
        // app keeps for a page's life after every test.
        extends: true,
        test: {
          name: 'web',
          include: ['tests/web/**/*.test.tsx'],
          exclude: webFilesMockingModules,
          environment: 'happy-dom',
          setupFiles: ['tests/web/support/setup.ts'],
          isolate: false,
        },
      },
      {
        // A module replaced with vi.mock must be imported fresh by the file that replaces it.
        extends: true,
        test: {
          name: 'web-mocks',
          include: webFilesMockingModules,
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
