// How a page names itself: its tab title and description, the one address search engines should
// list it under, whether they should list it at all, the picture and words a shared link shows in a
// chat app, and schema.org data. Rendered on the server, all of it goes into the page's <head>
// (server-render.ts writes it); in the browser, moving between pages keeps the title, description,
// canonical link and robots rule in step (link previews and search engines read the server's).
import { createContext, useContext, useEffect } from 'react';
import { defaultDescription, documentTitle } from '../../domain/page-head';
import type { PageHead } from './page-head';
import { useServerRenderReport } from './server-render';

export type { PageHead, SharePreview } from './page-head';

/** What the route table says of the page showing (app-routes.tsx), under what the page says itself. */
export type PageHeadDefaults = Pick<PageHead, 'description' | 'canonicalPath'> & { noindex: boolean };

export const PageHeadDefaultsContext = createContext<PageHeadDefaults>({ noindex: false });

/** The page's own head over its route's: kept out of search engines when either says so, and then with no canonical link. */
function mergeHead(defaults: PageHeadDefaults, head: PageHead): PageHead {
  const noindex = defaults.noindex || head.noindex === true;
  return {
    ...head,
    description: head.description ?? defaults.description ?? defaultDescription,
    canonicalPath: noindex ? undefined : (head.canonicalPath ?? defaults.canonicalPath),
    noindex,
  };
}

function setMeta(name: string, content: string | undefined): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (content === undefined) return element?.remove();
  if (!element) {
    element = document.createElement('meta');
    element.name = name;
    document.head.append(element);
  }
  element.content = content;
}

function setCanonical(href: string | undefined): void {
  let element = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (href === undefined) return element?.remove();
  if (!element) {
    element = document.createElement('link');
    element.rel = 'canonical';
    document.head.append(element);
  }
  element.href = href;
}

/** Says how the page names itself (see PageHead). Call it once per page, with what the page shows. */
export function usePageHead(head: PageHead): void {
  const merged = mergeHead(useContext(PageHeadDefaultsContext), head);
  // Rendered on the server, the head goes into the page's <head> (effects do not run there).
  useServerRenderReport()?.setHead(merged);
  const { title, description, canonicalPath, noindex } = merged;
  useEffect(() => {
    document.title = documentTitle(title);
    setMeta('description', description);
    setMeta('robots', noindex ? 'noindex' : undefined);
    setCanonical(canonicalPath === undefined ? undefined : new URL(canonicalPath, window.location.origin).href);
  }, [title, description, canonicalPath, noindex]);
}
