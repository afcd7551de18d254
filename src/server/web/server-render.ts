// Pages rendered on the server: the built app's server entry (dist/ssr, from src/web/entry-server.tsx)
// renders the page with the data its first screen shows, asked of this app's own API with the token
// the page request's cookie carries. The browser paints it before any script runs and then hydrates
// it. Whatever goes wrong here, the page is still served: as the plain app shell, rendered in the
// browser as before.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readAuthTokenCookie } from '../../domain/session';
import type { ApiFetch, RenderedPage, ServerRenderState } from '../../web/entry-server';
import type { DocumentHead } from '../../web/lib/document-head';
import { redactUrl } from '../http/log-settings';
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
 * Answers a page request with the page rendered on the server; false when it cannot (no server
 * build, a page that redirects, a render that failed) and the caller sends the plain app shell.
 */
export function createPageRenderer(app: FastifyInstance, options: { webRoot: string; publicUrl: string; /** The server build's entry; dist/ssr's by default. */ entryPath?: string }): PageRenderer {
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

  return async (request, reply) => {
    const serverEntry = await loadEntry();
    if (!serverEntry) return false;
    const token = readAuthTokenCookie(request.headers.cookie);
    const fetchApi: ApiFetch = async (apiPath) => {
      const response = await app.inject({ method: 'GET', url: apiPath, headers: token ? { authorization: `Bearer ${token}` } : {} });
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

    let page: RenderedPage;
    try {
      page = await serverEntry.renderPage({ url: request.url, origin: publicUrl, token, fetchApi });
    } catch (error) {
      // The address as the request log has it: links from mail carry codes and invitations in it.
      request.log.warn({ err: error, url: redactUrl(request.url) }, 'A page failed to render on the server; it is rendered in the browser.');
      return false;
    }
    // A page kept out of search engines says so in its answer as well as its head. An address that
    // sends this viewer elsewhere (a members' page asked for signed out, as a search engine asks)
    // has nothing of its own to list, and the plain shell it gets (below) has only the generic head.
    if (page.kind === 'redirect' || page.head.noindex) reply.header('x-robots-tag', 'noindex');
    // A redirect depends on who is signed in, which the browser knows better (its stored token).
    if (page.kind === 'redirect') return false;

    const html = fillTemplate(readTemplate(), page);
    const { encoding, body } = await compress(html, request.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    // The page holds the member's own data when signed in: kept by the browser only, never shared.
    reply
      .code(page.status)
      .header('cache-control', token ? 'private, no-cache' : 'no-cache')
      .header('vary', 'Accept-Encoding, Cookie')
      .type('text/html; charset=utf-8');
    void reply.send(body);
    return true;
  };
}
