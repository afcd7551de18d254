// The domain's list of what search engines see (src/domain/seo.ts) against the web route table it
// stands for, and how the sitemap's parts cut the id space (decision 22).
import { describe, expect, it } from 'vitest';
import { crawlerDisallowedPaths, publicPagePaths } from '../../src/domain/seo';
import { countParts, idRangeOfPart, readSitemapFileName, sitemapFileName, sitemapUrlsPerPart } from '../../src/server/seo/sitemap-parts';
import { indexablePaths, routes } from '../../src/web/app/routes';

/** Whether robots.txt keeps a crawler from `path`: a Disallow rule is a prefix where `*` is any run of characters. */
function isDisallowed(path: string): boolean {
  return crawlerDisallowedPaths.some((rule) => new RegExp(`^${rule.split('*').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}`).test(path));
}

/** An address for a route path, each param filled with an id. */
const addressOf = (path: string) => path.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000001');

describe('what search engines see', () => {
  it('lists in the sitemap exactly the pages the route table calls indexable', () => {
    expect([...publicPagePaths]).toEqual(indexablePaths());
  });

  it("keeps crawlers out of every members' page and every page kept out of search (browse, which says where its results live, aside)", () => {
    const kept = routes.filter((entry) => (entry.access !== 'visitor' && entry.meta?.noindex !== false) || entry.meta?.noindex);
    expect(kept.length).toBeGreaterThan(10);
    for (const entry of kept) expect({ path: entry.path, disallowed: isDisallowed(addressOf(entry.path)) }).toEqual({ path: entry.path, disallowed: true });
  });

  it('lets crawlers read the public pages, listings and sellers', () => {
    for (const path of [...publicPagePaths, '/listing/:id', '/seller/:sellerId', '/media/photo.webp', '/listings']) {
      expect({ path, disallowed: isDisallowed(addressOf(path)) }).toEqual({ path, disallowed: false });
    }
  });
});

describe("the sitemap's parts", () => {
  it('names each part once, and reads back only the names it makes', () => {
    for (const file of [{ kind: 'pages' as const }, { kind: 'listings' as const, part: 3, parts: 23 }, { kind: 'sellers' as const, part: 1, parts: 1 }]) {
      expect(readSitemapFileName(sitemapFileName(file))).toEqual(file);
    }
    for (const name of ['listings-0-of-3.xml', 'listings-4-of-3.xml', 'listings-03-of-3.xml', 'listings-1-of-50001.xml', 'listings-1-of-3.XML', 'pages', 'users-1-of-1.xml']) {
      expect(readSitemapFileName(name)).toBeNull();
    }
  });

  it('cuts the id space into adjoining slices from the first uuid to the last', () => {
    for (const parts of [1, 2, 3, 23, 4_999]) {
      let next = 0n;
      for (let part = 1; part <= parts; part += 1) {
        const { first, last } = idRangeOfPart(part, parts);
        expect(first).toBe(next);
        expect(last).toBeGreaterThan(first);
        next = last + 1n;
      }
      expect(next).toBe(1n << 128n);
    }
  });

  it('cuts enough parts for 40,000 rows each, and none for no rows', () => {
    expect([0, 1, sitemapUrlsPerPart, sitemapUrlsPerPart + 1, 1_000_001].map(countParts)).toEqual([0, 1, 1, 2, 26]);
  });
});
