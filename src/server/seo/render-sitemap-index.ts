// GET /sitemap.xml: the index of the sitemap's files, cut by how many rows there are (decision 22).
import { sql, type SQL } from 'drizzle-orm';
import { getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { listings, users } from '../db/schema';
import type { ServerDeps } from '../deps';
import { siteAddress } from './site-address';
import { countParts, sitemapFileName, type SitemapFile } from './sitemap-parts';
import { sitemapIndexText } from './sitemap-xml';

/** Below this many rows an exact count is cheap (a few ms); above it, the planner's estimate is used. */
const countExactlyBelow = 100_000;

/**
 * The rows of a table, cheaply: PostgreSQL's estimate (pg_class.reltuples, kept by autovacuum and
 * ANALYZE, within a few percent) once the table is large, where count(*) would take 100 ms or more
 * at 1,000,000 listings on every request; an exact count while it is small or never analysed
 * (reltuples -1), as on PGlite. The else branch's count runs only when it is reached.
 */
function estimatedRows(table: PgTable): SQL {
  return sql`(select case when c.reltuples >= ${countExactlyBelow} then c.reltuples::bigint else (select count(*) from ${table}) end
                from pg_class c where c.oid = ${getTableName(table)}::regclass)`;
}

export async function renderSitemapIndex(deps: Pick<ServerDeps, 'db' | 'config'>): Promise<string> {
  // Every listing and every member, not only active listings and sellers: a count that is never
  // smaller than what the files hold keeps each file under the protocol's limit.
  const result = await deps.db.execute(sql`select ${estimatedRows(listings)} as listings, ${estimatedRows(users)} as members`);
  const [counts] = (result as unknown as { rows: { listings: string | number; members: string | number }[] }).rows;
  const partsOf = (kind: 'listings' | 'sellers', rows: number): SitemapFile[] => {
    const parts = countParts(rows);
    return Array.from({ length: parts }, (_, index) => ({ kind, part: index + 1, parts }));
  };
  const files: SitemapFile[] = [{ kind: 'pages' }, ...partsOf('listings', Number(counts.listings)), ...partsOf('sellers', Number(counts.members))];
  return sitemapIndexText(files.map((file) => siteAddress(deps.config, `/sitemaps/${sitemapFileName(file)}`)));
}
