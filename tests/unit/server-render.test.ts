import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { readAuthTokenCookie as readTokenCookie } from '../../src/domain/session';
import { createPageRenderer, fillTemplate } from '../../src/server/web/server-render';
import type { DocumentHead } from '../../src/web/lib/document-head';
import { ApiError } from '../../src/web/lib/api-client';
import { createQueryClient, dehydratePageQueries, hydratePageQueries } from '../../src/web/lib/query-client';

const template = '<!doctype html><html><head>\n    <meta name="description" content="The shell\'s description" />\n    <title>Neighbourly</title></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>';

describe('the token a page request carries', () => {
  it('is read from its cookie among others, decoded', () => {
    expect(readTokenCookie('theme=dark; authToken=abc%2Bdef; other=1')).toBe('abc+def');
    expect(readTokenCookie('authToken=only')).toBe('only');
  });

  it('is absent without the cookie, when empty, when malformed or when far too long', () => {
    expect(readTokenCookie(undefined)).toBeNull();
    expect(readTokenCookie('theme=dark')).toBeNull();
    expect(readTokenCookie('authToken=')).toBeNull();
    expect(readTokenCookie('authToken=%E0%A4%A')).toBeNull();
    expect(readTokenCookie(`authToken=${'a'.repeat(257)}`)).toBeNull();
    expect(readTokenCookie('xauthToken=abc')).toBeNull();
  });
});

describe('a page rendered on the server', () => {
  const state = { signedIn: false, queries: { mutations: [], queries: [] } };
  const plainHead = (title: string): DocumentHead => ({ title, description: 'A kayak', noindex: false, openGraph: [], twitterCard: [], structuredData: [] });

  it('goes inside the root with its data beside it, and names the tab', () => {
    const html = fillTemplate(template, { html: '<main>Hello</main>', head: plainHead('Kayak | Neighbourly'), state });
    expect(html).toContain('<title>Kayak | Neighbourly</title>');
    // Its own description in place of the shell's, once.
    expect(html).toContain('<meta name="description" content="A kayak" />');
    expect(html).not.toContain("The shell's description");
    expect(html).toContain('<div id="root"><main>Hello</main></div><script id="app-state" type="application/json">{"signedIn":false');
    expect(html).toContain('<script type="module" src="/assets/index.js"></script>');
  });

  it('keeps markup in the title and the data as text: no tag can end the data block', () => {
    const hostile = '</script><script>alert(1)</script>';
    const html = fillTemplate(template, {
      html: '<h1>x</h1>',
      head: {
        ...plainHead(`${hostile} $& $1`),
        description: `${hostile} "quoted"`,
        openGraph: [['og:title', `${hostile} $&`]],
        structuredData: [{ '@type': 'Product', name: hostile }],
      },
      state: { ...state, queries: { mutations: [], queries: [{ title: hostile, note: '<!-- \u2028' }] } } as never,
    });
    expect(html).toContain('<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; $&amp; $1</title>');
    expect(html).toContain('<meta name="description" content="&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;quoted&quot;" />');
    expect(html).toContain('<meta property="og:title" content="&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; $&amp;" />');
    // The module script, the JSON-LD block and the page data: nothing the title carried became a script.
    expect(html.match(/<script/g)).toHaveLength(3);
    const structured = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? '';
    expect(JSON.parse(structured)).toEqual({ '@type': 'Product', name: hostile });
    const json = /<script id="app-state" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1] ?? '';
    expect(JSON.parse(json).queries.queries[0]).toEqual({ title: hostile, note: '<!-- \u2028' });
  });

  it('says noindex and gives no canonical link when the page is kept out of search engines', () => {
    const listed = fillTemplate(template, { html: '', head: { ...plainHead('Help | Neighbourly'), canonicalUrl: 'https://neighbourly.example/help' }, state });
    expect(listed).toContain('<link rel="canonical" href="https://neighbourly.example/help" />');
    expect(listed).not.toContain('name="robots"');
    const unlisted = fillTemplate(template, { html: '', head: { ...plainHead('Account | Neighbourly'), noindex: true }, state });
    expect(unlisted).toContain('<meta name="robots" content="noindex" />');
    expect(unlisted).not.toContain('rel="canonical"');
  });

  it('says noindex in its answer too, and so does the plain shell sent for a members’ page asked for signed out', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'noindex-render-'));
    const app = Fastify();
    try {
      await writeFile(path.join(folder, 'index.html'), template);
      // A server build: /account sends a visitor to /auth (as the route table does), /help renders, /saved renders kept out.
      await writeFile(
        path.join(folder, 'entry-server.mjs'),
        `const head = (noindex) => ({ title: 'Neighbourly', description: 'x', noindex, openGraph: [], twitterCard: [], structuredData: [] });
export async function renderPage({ url }) {
  if (url === '/account') return { kind: 'redirect', location: '/auth' };
  const state = { signedIn: false, queries: { mutations: [], queries: [] } };
  return { kind: 'page', status: 200, head: head(url === '/saved'), html: '<main></main>', state };
}
`,
      );
      const renderPage = createPageRenderer(app, { webRoot: folder, publicUrl: 'http://localhost', entryPath: path.join(folder, 'entry-server.mjs') });
      app.get('/*', async (request, reply) => ((await renderPage(request, reply)) ? reply : reply.type('text/html').send('the app shell')));
      const account = await app.inject({ method: 'GET', url: '/account' });
      expect([account.body, account.headers['x-robots-tag']]).toEqual(['the app shell', 'noindex']);
      const saved = await app.inject({ method: 'GET', url: '/saved' });
      expect([saved.statusCode, saved.headers['x-robots-tag']]).toEqual([200, 'noindex']);
      expect(saved.body).toContain('<meta name="robots" content="noindex" />');
      const help = await app.inject({ method: 'GET', url: '/help' });
      expect([help.statusCode, help.headers['x-robots-tag']]).toEqual([200, undefined]);
    } finally {
      await app.close();
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe("a page's not-found answer", () => {
  const missing = ['/api/listings', '00000000-0000-4000-8000-000000000000'];
  const failing = ['/api/sellers', '00000000-0000-4000-8000-000000000001'];

  it('travels to the browser as the same error, so the page hydrates its not-found screen; other failures are asked again', async () => {
    const server = createQueryClient();
    await server.prefetchQuery({ queryKey: missing, queryFn: () => Promise.reject(new ApiError(404, 'Listing not found', { code: 'LISTING_NOT_FOUND' })) });
    await server.prefetchQuery({ queryKey: failing, queryFn: () => Promise.reject(new ApiError(500, 'Something went wrong', { code: 'INTERNAL' })) });
    const sent = JSON.parse(JSON.stringify(dehydratePageQueries(server)));

    const browser = createQueryClient();
    hydratePageQueries(browser, sent);
    const error = browser.getQueryState(missing)?.error;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'LISTING_NOT_FOUND', message: 'Listing not found' });
    expect(browser.getQueryState(failing)).toBeUndefined();
  });
});
