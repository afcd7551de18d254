// Pages rendered on the server: the built app's server entry (dist/ssr, from src/web/entry-server.tsx)
// renders the page with the data its first screen shows, asked of this app's own API with the token
// the page request's cookie carries. The browser paints it before any script runs and then hydrates
// it. Whatever goes wrong here, the page is still served: as the plain app shell, rendered in the
// browser as before.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readAuthTokenCookie } from '../../domain/session';
import type { ApiFetch, RenderedPage, ServerRenderState } from '../../web/entry-server';
import type { DocumentHead } from '../../web/lib/document-head';
import { dependencyRequestHeaders, dependenciesHeader, readDependencies } from '../http/answer-dependencies';
import { redactUrl } from '../http/log-settings';
import { cacheOutcomeHeader, createReadCache, type ContentVersion } from '../http/read-cache';
import { projectPath } from '../project-paths';

type ServerEntry = { renderPage: (options: { url: string; origin: string; token: string | null; fetchApi: ApiFetch }) => Promise<RenderedPage> };

const serverEntryPath = projectPath('dist', 'ssr', 'entry-server.js');
const rootElement = '<div id="root"></div>';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** JSON that can sit inside a <script> element: no "</script>", no "<!--". */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

function readJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The page's own head tags, written where the template's title and description were. */
function headTags(head: DocumentHead): string {
  const meta = (attribute: 'name' | 'property', key: string, content: string) => `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    ...(head.noindex ? [meta('name', 'robots', 'noindex')] : []),
    ...(head.canonicalUrl ? [`<link rel="canonical" href="${escapeHtml(head.canonicalUrl)}" />`] : []),
    ...head.openGraph.map(([property, content]) => meta('property', property, content)),
    ...head.twitterCard.map(([name, content]) => meta('name', name, content)),
    // A data block, never run: the CSP's script-src does not apply to it.
    ...head.structuredData.map((data) => `<script type="application/ld+json">${scriptSafeJson(data)}</script>`),
  ].join('\n    ');
}

const templateTitle = /<title>[^<]*<\/title>/;
const templateDescription = /\s*<meta name="description" content="[^"]*" \/>/;

export function fillTemplate(template: string, page: { html: string; head: DocumentHead; state: ServerRenderState }): string {
  // Functions as the replacements, so a "$&" in a listing's title is left as it is.
  const withHead = template.replace(templateDescription, '').replace(templateTitle, () => headTags(page.head));
  const state = `<script id="app-state" type="application/json">${scriptSafeJson(page.state)}</script>`;
  return withHead.replace(rootElement, () => `<div id="root">${page.html}</div>${state}`);
}

async function compress(body: string, acceptEncoding: string | undefined): Promise<{ encoding: string | null; body: Buffer | string }> {
  const accepted = acceptEncoding ?? '';
  if (/\bbr\b/.test(accepted)) {
    return { encoding: 'br', body: await brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }) };
  }
  if (/\bgzip\b/.test(accepted)) return { encoding: 'gzip', body: await gzip(body, { level: 6 }) };
  return { encoding: null, body };
}

export type PageRenderer = (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;

/**
 * Visitors' pages kept as HTML (no session: every visitor sees the same page): until something the
 * page was made from changes (the keys its API answers reported, the same scoped invalidation as the
 * API's reads), or ttlMs passes. ttlMs 0: every page rendered afresh.
 */
export type KeptPages = { version: ContentVersion; ttlMs: number };

/** A visitor's page as kept: its HTML, and each encoding of it once a browser asked for it. */
type KeptPage = { status: number; html: string; etag: string; noindex: boolean; dependsOn: string[]; encoded: Map<string, Buffer | string> };

/** The kept pages' HTML together, at most (each page ~20-60 KB): the oldest go first past it. */
const keptPagesMaxBytes = 48 * 1024 * 1024;
const keptPagesMax = 4000;

/** A page that cannot be kept (a redirect, a failed render, data that did not say what it was made from), with what to answer now. */
class NotKept extends Error {
  constructor(
    readonly page: KeptPage | null,
    readonly redirect = false,
  ) {
    super('page not kept');
  }
}

function etagOf(html: string): string {
  return `"${createHash('sha1').update(html).digest('base64url')}"`;
}

/**
 * Answers a page request with the page rendered on the server; false when it cannot (no server
 * build, a page that redirects, a render that failed) and the caller sends the plain app shell.
 */
export function createPageRenderer(
  app: FastifyInstance,
  options: { webRoot: string; publicUrl: string; /** The server build's entry; dist/ssr's by default. */ entryPath?: string; keptPages?: KeptPages },
): PageRenderer {
  const { webRoot, publicUrl, entryPath = serverEntryPath } = options;
  const templatePath = path.join(webRoot, 'index.html');
  let entry: Promise<ServerEntry | null> | null = null;
  let template: { mtimeMs: number; text: string } | null = null;

  const loadEntry = () =>
    (entry ??= existsSync(entryPath)
      ? (import(pathToFileURL(entryPath).href) as Promise<ServerEntry>).catch((error: unknown) => {
          app.log.warn({ err: error }, 'The server render entry did not load; pages are rendered in the browser.');
          return null;
        })
      : Promise.resolve(null));

  // Read again when a rebuild changes it, as the static files are.
  const readTemplate = (): string => {
    const { mtimeMs } = statSync(templatePath);
    if (template?.mtimeMs !== mtimeMs) template = { mtimeMs, text: readFileSync(templatePath, 'utf8') };
    return template.text;
  };

  /** Renders a page; for a visitor, also what it was made from (null when some of its data did not say). */
  const render = async (request: FastifyRequest, token: string | null): Promise<{ page: RenderedPage; dependsOn: string[] | null } | null> => {
    const serverEntry = await loadEntry();
    if (!serverEntry) return null;
    let dependsOn: string[] | null = [];
    const fetchApi: ApiFetch = async (apiPath) => {
      const headers = token ? { authorization: `Bearer ${token}` } : dependencyRequestHeaders();
      const response = await app.inject({ method: 'GET', url: apiPath, headers });
      const reported = readDependencies(response.headers[dependenciesHeader] as string | undefined);
      dependsOn = reported && dependsOn ? [...dependsOn, ...reported] : null;
      return {
        status: response.statusCode,
        // A failed call's error body too: the page shows its message, or its not-found screen.
        body: readJson(response.body),
        header: (name) => {
          const value = response.headers[name.toLowerCase()];
          return value === undefined ? undefined : String(value);
        },
      };
    };
    try {
      const page = await serverEntry.renderPage({ url: request.url, origin: publicUrl, token, fetchApi });
      return { page, dependsOn };
    } catch (error) {
      // The address as the request log has it: links from mail carry codes and invitations in it.
      request.log.warn({ err: error, url: redactUrl(request.url) }, 'A page failed to render on the server; it is rendered in the browser.');
      return null;
    }
  };

  const toKept = (rendered: { page: RenderedPage; dependsOn: string[] | null }): KeptPage | null => {
    const { page } = rendered;
    if (page.kind === 'redirect') return null;
    const html = fillTemplate(readTemplate(), page);
    return { status: page.status, html, etag: etagOf(html), noindex: Boolean(page.head.noindex), dependsOn: [...new Set(rendered.dependsOn ?? [])], encoded: new Map() };
  };

  const kept = options.keptPages
    ? createReadCache<KeptPage>(options.keptPages.version, { maxEntries: keptPagesMax, ttlMs: options.keptPages.ttlMs, maxWeight: keptPagesMaxBytes, weigh: (page) => page.html.length })
    : null;

  /** A visitor's page: kept, or rendered now (and kept when all its data said what it was made from). */
  const visitorPage = async (request: FastifyRequest, reply: FastifyReply): Promise<{ page: KeptPage | null; redirect: boolean }> => {
    const renderNow = async () => {
      const rendered = await render(request, null);
      if (!rendered) throw new NotKept(null);
      const page = toKept(rendered);
      // Only pages worth keeping: not an address that does not exist (anyone can make up many), nor one whose data did not say what it was made from.
      if (!page || rendered.dependsOn === null || page.status >= 400) throw new NotKept(page, rendered.page.kind === 'redirect');
      return page;
    };
    if (!kept) {
      const rendered = await render(request, null);
      return { page: rendered ? toKept(rendered) : null, redirect: rendered?.page.kind === 'redirect' };
    }
    const found = kept.lookup(request.url, renderNow, (page) => page.dependsOn);
    try {
      const page = await found.value;
      reply.header(cacheOutcomeHeader, found.outcome);
      return { page, redirect: false };
    } catch (error) {
      if (!(error instanceof NotKept)) throw error;
      reply.header(cacheOutcomeHeader, 'miss');
      return { page: error.page, redirect: error.redirect };
    }
  };

  return async (request, reply) => {
    const token = readAuthTokenCookie(request.headers.cookie);
    let page: KeptPage | null;
    if (token) {
      const rendered = await render(request, token);
      if (!rendered) return false;
      // A page kept out of search engines says so in its answer as well as its head. An address that
      // sends this viewer elsewhere (a members' page asked for signed out, as a search engine asks)
      // has nothing of its own to list, and the plain shell it gets (below) has only the generic head.
      if (rendered.page.kind === 'redirect' || rendered.page.head.noindex) reply.header('x-robots-tag', 'noindex');
      // A redirect depends on who is signed in, which the browser knows better (its stored token).
      page = toKept(rendered);
    } else {
      const outcome = await visitorPage(request, reply);
      if (outcome.redirect || outcome.page?.noindex) reply.header('x-robots-tag', 'noindex');
      page = outcome.page;
    }
    if (!page) return false;

    // The page holds the member's own data when signed in: kept by the browser only, never shared.
    reply
      .code(page.status)
      .header('cache-control', token ? 'private, no-cache' : 'no-cache')
      .header('vary', 'Accept-Encoding, Cookie')
      .type('text/html; charset=utf-8');
    if (!token) {
      // A visitor's browser (or a crawler) that holds this very page is told so, without the page again.
      reply.header('etag', page.etag);
      if (page.status === 200 && request.headers['if-none-match'] === page.etag) {
        void reply.code(304).send();
        return true;
      }
    }
    const acceptEncoding = request.headers['accept-encoding'];
    const wanted = /\bbr\b/.test(acceptEncoding ?? '') ? 'br' : /\bgzip\b/.test(acceptEncoding ?? '') ? 'gzip' : 'identity';
    let body = page.encoded.get(wanted);
    if (body === undefined) {
      body = (await compress(page.html, acceptEncoding)).body;
      // A kept page is compressed once per encoding, not once per visitor.
      if (!token) page.encoded.set(wanted, body);
    }
    if (wanted !== 'identity') reply.header('content-encoding', wanted);
    void reply.send(body);
    return true;
  };
}
