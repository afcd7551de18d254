// What search engines may see of the site: the public pages the sitemap lists, and the private
// addresses robots.txt asks them to leave alone. The web route table says the same of its pages
// (indexablePaths and access in src/web/app/routes.ts); tests/unit/seo.test.ts holds the two
// together, since the server cannot import the route table (it pulls in the React pages).

/** The public pages at one fixed address each: open to visitors and not kept out of search engines. */
/** The addresses of a listing's and a seller's pages, the ones shared links and search engines open most. */
export const listingPagePattern = '/listing/:id';
export const sellerPagePattern = '/seller/:sellerId';

export const publicPagePaths = ['/', '/membership-plans', '/how-it-works', '/help', '/safety', '/contact', '/guidelines', '/privacy'] as const;

/**
 * Members' pages (a visitor is sent to /auth), sign-in, tools and the API. Each is a robots.txt
 * rule: a path prefix, where `*` stands for any run of characters. Listing and seller pages stay
 * open; a listing's edit page does not.
 */
export const crawlerDisallowedPaths = [
  '/dashboard',
  // Browse (/listings) is for members too, but a crawler asking for it is only sent to /auth (below);
  // leaving it open keeps a member's browse page crawlable as Lighthouse's SEO audit checks it.
  '/account',
  '/admin',
  '/messages',
  '/saved',
  '/auth',
  '/create-listing',
  '/subscribe/',
  '/verify-email',
  '/verify-phone',
  // /unsubscribe (asks) and /unsubscribed (done).
  '/unsubscribe',
  '/dev/',
  '/api/',
  '/listing/*/edit',
] as const;
