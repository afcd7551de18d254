// A page's head as the server writes it into the HTML (server-render.ts): what the page said of
// itself (usePageHead) with every address made absolute, the Open Graph and X (Twitter) card tags a
// chat app's link preview reads, and the page's schema.org data.
import { documentTitle, defaultDescription } from '../../domain/page-head';
import { productName } from '../../domain/product';
import type { PageHead } from './page-head';

export type DocumentHead = {
  title: string;
  description: string;
  canonicalUrl?: string;
  noindex: boolean;
  /** <meta property="og:…"> pairs, in order. */
  openGraph: Array<[property: string, content: string]>;
  /** <meta name="twitter:…"> pairs, in order. */
  twitterCard: Array<[name: string, content: string]>;
  structuredData: unknown[];
};

/** The head of a page rendered on the server: `head` is what it said, `status` what it answers with. */
export function toDocumentHead(head: PageHead | undefined, { origin, status }: { origin: string; status: number }): DocumentHead {
  const absolute = (path: string) => new URL(path, origin).href;
  // An error page is never listed, whatever it said.
  const noindex = status >= 400 || head?.noindex === true || head === undefined;
  const title = documentTitle(head?.title);
  const description = head?.description ?? defaultDescription;
  const canonicalUrl = !noindex && head?.canonicalPath !== undefined ? absolute(head.canonicalPath) : undefined;
  const structuredData = noindex ? [] : (head?.structuredData?.(origin) ?? []);
  const share = status < 400 ? head?.share : undefined;
  if (!share) return { title, description, canonicalUrl, noindex, openGraph: [], twitterCard: [], structuredData };

  const image = absolute(share.imagePath);
  const openGraph: DocumentHead['openGraph'] = [
    ['og:site_name', productName],
    ['og:locale', 'en_AU'],
    ['og:type', share.type],
    ['og:title', share.title],
    ['og:description', description],
    ...(canonicalUrl ? [['og:url', canonicalUrl] as [string, string]] : []),
    ['og:image', image],
    ['og:image:alt', share.imageAlt],
    ...(share.imageSize
      ? [
          ['og:image:width', String(share.imageSize.width)] as [string, string],
          ['og:image:height', String(share.imageSize.height)] as [string, string],
        ]
      : []),
    ...(share.properties ?? []),
  ];
  const twitterCard: DocumentHead['twitterCard'] = [
    ['twitter:card', 'summary_large_image'],
    ['twitter:title', share.title],
    ['twitter:description', description],
    ['twitter:image', image],
    ['twitter:image:alt', share.imageAlt],
  ];
  return { title, description, canonicalUrl, noindex, openGraph, twitterCard, structuredData };
}
