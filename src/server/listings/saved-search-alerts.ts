// Saved searches' mail (decision 20). A listing that goes live is matched, as a job, against the
// searches that still mail: only those sharing one of its words (a GIN index on their words) or,
// without words, those of its category; each candidate is then held to browse's own rules (the
// member's area, every filter). An instant search gets one mail per 15 minutes at most (one waiting
// job per search, which later matches join); a daily one waits for its member's 7 am digest. Every
// mail has a one-click unsubscribe (RFC 8058) through a signed link that works signed out.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { distanceKm } from '../../domain/geo';
import { cityAreas, formatPrice, type LocationFilter } from '../../domain/listing';
import { savedSearchLimits, savedSearchMail, savedSearchPath, stateTimeZones } from '../../domain/saved-searches';
import { listings, savedSearchMatching, savedSearches, users, type UserRow } from '../db/schema';
import type { ServerDeps } from '../deps';
import { countListedSince, listListedSince } from './browse-listings';
import { mailFavouriteNews } from './favourites';
import { areaIncludesPostcode, searchAreaFor } from './search-area';

type Deps = Pick<ServerDeps, 'db' | 'jobs' | 'config' | 'clock' | 'mail'>;

type MatchRow = {
  id: string;
  /** When its last alert went, in epoch milliseconds (null: never). */
  last_mailed_ms: number | null;
  location: string | null;
  membership_tier: UserRow['membershipTier'];
  postcode: string | null;
  state: string | null;
};

/**
 * The instant searches a new listing matches, in one statement: only searches that share one of its
 * words (their words' lexemes, GIN) or, without words, of its category or none are read; then the
 * filters browse applies (category, state, postcode, the words as websearch_to_tsquery reads them),
 * and only what was listed after the search's last mail.
 */
export async function candidateSearches(deps: Pick<ServerDeps, 'db'>, listingId: string): Promise<MatchRow[]> {
  const result = await deps.db.execute(sql`
    with listing as (select id, category, state, postcode, search_vector, seller_id, created_at
                       from ${listings} where ${listings.id} = ${listingId} and ${listings.isActive}),
    candidates as (
      select s.id, s.user_id, s.query, s.last_mailed_at, s.frequency, s.mailed_until
        from ${savedSearches} s, listing
       where s.mail_enabled and s.word_lexemes && tsvector_to_array(listing.search_vector)
      union all
      select s.id, s.user_id, s.query, s.last_mailed_at, s.frequency, s.mailed_until
        from ${savedSearches} s, listing
       where s.mail_enabled and cardinality(s.word_lexemes) = 0 and coalesce(s.query ->> 'category', listing.category) = listing.category)
    select c.id, (extract(epoch from c.last_mailed_at) * 1000)::float8 as last_mailed_ms, c.query ->> 'location' as location, u.membership_tier, u.postcode, u.state
      from candidates c join ${users} u on u.id = c.user_id, listing
     where c.frequency = 'instant' and c.user_id <> listing.seller_id and c.mailed_until < listing.created_at
       and coalesce(c.query ->> 'category', listing.category) = listing.category
       and coalesce(c.query ->> 'state', listing.state) = listing.state
       and coalesce(c.query ->> 'postcode', listing.postcode) = listing.postcode
       and (c.query ->> 'search' is null or listing.search_vector @@ websearch_to_tsquery('english', c.query ->> 'search'))`);
  // Both drivers answer with rows (node-postgres and PGlite alike).
  return (result as unknown as { rows: MatchRow[] }).rows;
}

/**
 * A listing went live: queue an alert for each instant search that shows it, the first at once and
 * the next 15 minutes after the last (one waiting mail per search: later matches join it). Whether
 * the member may see the listing is the domain's area rule, as browse's.
 */
export async function matchNewListing(deps: Deps, input: { listingId: string }): Promise<number> {
  const alerts = await alertsFor(deps, input.listingId);
  await deps.jobs.sendMany('saved-search-mail', alerts);
  return alerts.length;
}

type Alert = { data: { savedSearchId: string; digest: false }; options: { singletonKey: string; startAfter: Date } };

/** The alert mails a new listing calls for: one per instant search that shows it to its member. */
async function alertsFor(deps: Pick<Deps, 'db' | 'clock'>, listingId: string): Promise<Alert[]> {
  const [listing] = await deps.db
    .select({ postcode: listings.postcode, state: listings.state, latitude: listings.latitude, longitude: listings.longitude })
    .from(listings)
    .where(eq(listings.id, listingId));
  if (!listing) return [];
  const now = deps.clock.now().getTime();
  const matches = (await candidateSearches(deps, listingId)).filter((row) => {
    const owner = { membershipTier: row.membership_tier, postcode: row.postcode, state: row.state } as UserRow;
    if (!areaIncludesPostcode(searchAreaFor({ user: owner }), listing)) return false;
    const city = row.location ? cityAreas[row.location as LocationFilter] : undefined;
    return !city || (listing.latitude !== null && listing.longitude !== null && distanceKm(city, { latitude: listing.latitude, longitude: listing.longitude }) <= city.radiusKm);
  });
  return matches.map((row) => {
    const lastMailed = row.last_mailed_ms === null ? 0 : Number(row.last_mailed_ms);
    return {
      data: { savedSearchId: row.id, digest: false },
      options: { singletonKey: row.id, startAfter: new Date(Math.max(now, lastMailed + savedSearchLimits.alertIntervalMinutes * 60_000)) },
    };
  });
}

async function loadSearch(deps: Pick<ServerDeps, 'db'>, id: string) {
  const [found] = await deps.db
    .select({ row: savedSearches, owner: users, mailedUntil: sql<string>`${savedSearches.mailedUntil}::text` })
    .from(savedSearches)
    .innerJoin(users, eq(users.id, savedSearches.userId))
    .where(eq(savedSearches.id, id));
  return found ?? null;
}

/** Listings matched in one go; the run goes on in batches while more wait. */
const matchBatchSize = 200;

/** Servers (by their job queue) with a matching run queued and not yet started: a new listing needs no other. */
const matchingQueued = new WeakSet<object>();

/**
 * A listing went live: make sure a matching run is queued. One run takes every listing listed since
 * the last, so a busy server queues one run, not one per listing (a listing's creation costs no
 * more than a flag while one waits).
 */
export async function queueMatching(deps: Pick<ServerDeps, 'jobs'>): Promise<void> {
  if (matchingQueued.has(deps.jobs)) return;
  matchingQueued.add(deps.jobs);
  try {
    await deps.jobs.send('saved-search-match', {}, { singletonKey: 'new-listings' });
  } catch (error) {
    matchingQueued.delete(deps.jobs);
    throw error;
  }
}

/**
 * Matches every listing listed since the last run, in order, in batches: each batch's alerts are
 * queued in one insert, then the mark moves past it. Two servers' runs at once may match a batch
 * twice; an alert waiting for its search takes the second (one waiting mail per search), and a mail
 * lists only what is new since the last one.
 */
export async function matchNewListings(deps: Deps): Promise<number> {
  let matched = 0;
  for (;;) {
    const [mark] = await deps.db.select({ until: sql<string>`${savedSearchMatching.matchedUntil}::text` }).from(savedSearchMatching).where(eq(savedSearchMatching.id, 1));
    if (!mark) return matched;
    const batch = await deps.db
      .select({ id: listings.id, createdAt: sql<string>`${listings.createdAt}::text` })
      .from(listings)
      .where(sql`${listings.createdAt} > ${mark.until}::timestamptz`)
      .orderBy(listings.createdAt, listings.id)
      .limit(matchBatchSize);
    const alerts: Alert[] = [];
    for (const listing of batch) alerts.push(...(await alertsFor(deps, listing.id)));
    await deps.jobs.sendMany('saved-search-mail', alerts);
    const last = batch.at(-1);
    if (last) {
      await deps.db
        .update(savedSearchMatching)
        .set({ matchedUntil: sql`greatest(${savedSearchMatching.matchedUntil}, ${last.createdAt}::timestamptz)` })
        .where(eq(savedSearchMatching.id, 1));
    }
    matched += batch.length;
    if (batch.length < matchBatchSize) return matched;
  }
}

/** The signed address that turns a search's mail off, without signing in. */
export function unsubscribeUrl(config: Pick<ServerDeps['config'], 'appSecret' | 'publicUrl'>, savedSearchId: string): string {
  return `${config.publicUrl}/api/saved-searches/${savedSearchId}/unsubscribe?token=${unsubscribeToken(config.appSecret, savedSearchId)}`;
}

function unsubscribeToken(secret: string, savedSearchId: string): string {
  return createHmac('sha256', secret).update(`saved-search-unsubscribe:${savedSearchId}`).digest('base64url');
}

export function isUnsubscribeToken(secret: string, savedSearchId: string, token: string): boolean {
  const expected = Buffer.from(unsubscribeToken(secret, savedSearchId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** One saved search's mail: what it shows that is new since its last mail. Nothing new, no mail. */
export async function sendSavedSearchMail(deps: Deps, input: { savedSearchId: string; digest: boolean }): Promise<boolean> {
  const search = await loadSearch(deps, input.savedSearchId);
  if (!search || !search.row.mailEnabled) return false;
  const { row, owner, mailedUntil } = search;
  const viewer = { user: owner };
  const shown = await listListedSince(deps, { viewer, query: row.query, since: mailedUntil, limit: savedSearchLimits.listingsPerMail });
  if (shown.length === 0) return false;
  const total = shown.length < savedSearchLimits.listingsPerMail ? shown.length : await countListedSince(deps, { viewer, query: row.query, since: mailedUntil, cap: 1000 });
  const link = unsubscribeUrl(deps.config, row.id);
  const lines = shown.map((listing) => `- ${listing.title}, ${formatPrice(listing.price)}, ${listing.location}\n  ${deps.config.publicUrl}/listing/${listing.id}`);
  const text = [
    savedSearchMail.intro(owner.firstName, row.name, input.digest),
    '',
    ...lines,
    ...(total > shown.length ? [savedSearchMail.more(total - shown.length)] : []),
    '',
    `${savedSearchMail.seeAll} ${deps.config.publicUrl}${savedSearchPath(row.query)}`,
    '',
    `${savedSearchMail.unsubscribe} ${link}`,
  ].join('\n');
  await deps.mail.send({
    to: owner.email,
    subject: savedSearchMail.subject(row.name, total, input.digest),
    text,
    headers: { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  });
  // The newest mailed listing's own time, to the microsecond (a view's time is to the millisecond).
  const newest = sql`(select max(${listings.createdAt}) from ${listings} where ${inArray(listings.id, shown.map((listing) => listing.id))})`;
  await deps.db
    .update(savedSearches)
    .set({ mailedUntil: sql`greatest(${savedSearches.mailedUntil}, ${newest})`, lastMailedAt: deps.clock.now() })
    .where(eq(savedSearches.id, row.id));
  return true;
}

/** The states where it is now digest time (7 am, in the half hour the schedule runs). */
export function statesAtDigestHour(now: Date): string[] {
  return Object.entries(stateTimeZones)
    .filter(([, timeZone]) => {
      const parts = new Intl.DateTimeFormat('en-AU', { timeZone, hour: 'numeric', minute: 'numeric', hourCycle: 'h23' }).formatToParts(now);
      const hour = Number(parts.find((part) => part.type === 'hour')?.value);
      const minute = Number(parts.find((part) => part.type === 'minute')?.value);
      return hour === savedSearchLimits.digestHour && minute < 30;
    })
    .map(([state]) => state);
}

/** Queues the daily digest of every daily search whose member lives where it is now 7 am. */
export async function queueDailyDigests(deps: Deps): Promise<number> {
  const states = statesAtDigestHour(deps.clock.now());
  if (states.length === 0) return 0;
  const due = await deps.db
    .select({ id: savedSearches.id })
    .from(savedSearches)
    .innerJoin(users, eq(users.id, savedSearches.userId))
    // Members without a state yet look from 3000 (VIC), as their browse does.
    .where(and(eq(savedSearches.mailEnabled, true), eq(savedSearches.frequency, 'daily'), inArray(sql<string>`coalesce(${users.state}, 'VIC')`, states)));
  for (const search of due) await deps.jobs.send('saved-search-mail', { savedSearchId: search.id, digest: true }, { singletonKey: search.id });
  return due.length;
}

/** Turns a search's mail off through its signed link. Says whether the link was good. */
export async function unsubscribeSavedSearch(deps: Pick<ServerDeps, 'db' | 'config'>, input: { savedSearchId: string; token: string }): Promise<{ name: string } | null> {
  if (!isUnsubscribeToken(deps.config.appSecret, input.savedSearchId, input.token)) return null;
  const [updated] = await deps.db.update(savedSearches).set({ mailEnabled: false }).where(eq(savedSearches.id, input.savedSearchId)).returning({ name: savedSearches.name });
  return updated ?? null;
}

/** The jobs that carry the Saved page's mail (saved searches, saved listings' news), run by every app server. */
export async function workOnSavedSearchJobs(deps: Deps): Promise<void> {
  await deps.jobs.work('saved-search-match', async () => {
    // From here, a new listing needs a new run (this one may already have read past it).
    matchingQueued.delete(deps.jobs);
    await matchNewListings(deps);
  });
  await deps.jobs.work('saved-search-mail', async (data) => {
    await sendSavedSearchMail(deps, data);
  });
  await deps.jobs.work('saved-search-digests', async () => {
    await queueDailyDigests(deps);
  });
  await deps.jobs.work('favourite-news', async (news) => {
    await mailFavouriteNews(deps, news);
  });
}
