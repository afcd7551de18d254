// `NODE_ENV=development npm start` is how many people try the app: its build must still be React's
// production build, and the server render must still draw pages (React's development JSX runtime
// in a production server bundle drew every page as an empty shell).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

type RenderPage = (input: { url: string; origin: string; token: string | null; fetchApi: (path: string) => Promise<{ status: number; body: unknown; header: () => undefined }> }) => Promise<
  { kind: 'page'; html: string; status: number } | { kind: 'redirect' }
>;

// `npm run test:e2e` makes the run's one build with NODE_ENV=development in the shell, as that
// person would: this checks that build, which every other journey then uses.
describe('a build made with NODE_ENV=development in the shell', () => {
  it('is the production build, and its server render draws the page', async () => {
    const bundle = path.join(projectRoot, 'dist/ssr/entry-server.js');
    expect(readFileSync(bundle, 'utf8')).not.toContain('jsxDEV');
    expect(readFileSync(path.join(projectRoot, 'dist/server/main.js'), 'utf8')).not.toContain('jsxDEV');

    const { renderPage } = (await import(pathToFileURL(bundle).href)) as { renderPage: RenderPage };
    const page = await renderPage({ url: '/how-it-works', origin: 'https://neighbourly.example', token: null, fetchApi: async () => ({ status: 404, body: null, header: () => undefined }) });
    expect(page.kind).toBe('page');
    if (page.kind !== 'page') return;
    expect(page.status).toBe(200);
    expect(page.html).toContain('</h1>');
    expect(page.html.length).toBeGreaterThan(2000);
  });
});
