// What a page says about itself in its head (usePageHead), and what the server render reports of
// it: the type both read, kept apart so neither imports the other.
import type { Thing, WithContext } from 'schema-dts';

export type SharePreview = {
  /** Open Graph's type: 'product' for a listing, 'profile' for a seller. */
  type: 'website' | 'product' | 'profile';
  title: string;
  /** A path on this site ("/media/…-share.jpg"); made absolute when written. */
  imagePath: string;
  imageAlt: string;
  /** Known only for pictures made to the share size. */
  imageSize?: { width: number; height: number };
  /** More Open Graph properties, such as a product's price ("product:price:amount"). */
  properties?: Array<[property: string, content: string]>;
};

export type PageHead = {
  /** The page's own title; " | Neighbourly" is added. */
  title?: string;
  description?: string;
  /** The page's one address for search engines (path and query); none for a page kept out of them. */
  canonicalPath?: string;
  /** Kept out of search engines (a member's own view, a hidden listing). */
  noindex?: boolean;
  share?: SharePreview;
  /** schema.org data for search engines, made with the site's address (only on the server). */
  structuredData?: (origin: string) => Array<WithContext<Thing>>;
};
