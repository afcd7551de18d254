import { describe, expect, it } from 'vitest';
import { readAuthTokenCookie as readTokenCookie } from '../../src/domain/session';
import { fillTemplate } from '../../src/server/web/server-render';
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
