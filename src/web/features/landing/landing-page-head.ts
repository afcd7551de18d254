// How the landing page names itself to search engines and link previews: the site, its picture,
// and schema.org's Organization and WebSite (with how to search it).
import type { Organization, SearchAction, WebSite, WithContext } from 'schema-dts';
import { defaultShareImage, shareImageSize } from '../../../domain/page-head';
import { productName, productTagline } from '../../../domain/product';
import type { PageHead } from '@/lib/use-page-head';

/** The landing page: the site itself, and how to search it. */
export function landingPageHead(): PageHead {
  return {
    title: `Your ${productTagline}`,
    canonicalPath: '/',
    share: { type: 'website', title: `${productName}: your ${productTagline}`, imagePath: defaultShareImage.path, imageAlt: defaultShareImage.alt, imageSize: shareImageSize },
    structuredData: (origin) => {
      const home = new URL('/', origin).href;
      const organization: WithContext<Organization> = {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: productName,
        url: home,
        logo: new URL('/icons/icon-512.png', origin).href,
      };
      // schema.org's SearchAction names its query slot in the target's template ("query-input").
      const website: WithContext<WebSite> = {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: productName,
        url: home,
        potentialAction: {
          '@type': 'SearchAction',
          target: { '@type': 'EntryPoint', urlTemplate: `${new URL('/listings', origin).href}?search={search_term_string}` },
          'query-input': 'required name=search_term_string',
        } as SearchAction & { 'query-input': string },
      };
      return [organization, website];
    },
  };
}
