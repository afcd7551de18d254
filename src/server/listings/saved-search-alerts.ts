// Saved searches' mail (decision 20). A listing that goes live waits in saved_search_pending and is
// matched, by a job, against the searches that still mail: only those sharing one of its words (a
// GIN index on their words) or, without words, those of its category; each candidate is then held to
// browse's own rules (the member's area, every filter). An instant search gets one mail per 15 minutes at most (one waiting
// job per search, which later matches join); a daily one waits for its member's 7 am digest. Every
// mail has a one-click unsubscribe (RFC 8058) through a signed link that works signed out. An instant
// alert is also a text to a member who turned texts on (decision 33), within their daily cap.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { distanceKm } from '../../domain/geo';
import { cityAreas, formatPrice, type LocationFilter } from '../../domain/listing';
import { savedSearchLimits, savedSearchMail, savedSearchPath, stateTimeZones } from '../../domain/saved-searches';
import { smsTexts, textsAreOn } from '../../domain/sms-notifications';
import { defaultLocation } from '../../domain/postcodes';
import { discoveryAreaFor } from '../../domain/search-reach';
import { membershipTiers } from '../../domain/tiers';
import { textMember } from '../account';
import type { Queryable } from '../db/open-database';
import { preparedStatement } from '../db/prepared-statement';
import { listings, savedSearchPending, savedSearches, users, type UserRow } from '../db/schema';
import type { ServerDeps } from '../deps';
import { countListedSince, listListedSince } from './browse-listings';
import { mailFavouriteNews } from './favourites';
import { areaIncludesPostcode, postcodeListWithin, searchAreaFor } from './search-area';

type Deps = Pick<ServerDeps, 'db' | 'jobs' | 'config' | 'clock' | 'mail' | 'sms' | 'log'>;

type MatchRow = {
  /** The listing of the batch it matched. */
  listing_id: string;
  id: string;
  /** When its last alert went, in epoch milliseconds (null: never). */
  last_mailed_ms: number | null;
  location: string | null;
  membership_tier: UserRow['membershipTier'];
  postcode: string | null;
  state: string | null;
};

/** Plans grouped by how far they reach (the domain's rule), for the statement's area test. */
const tiersByReach = (() => {
  const anywhere = { state: defaultLocation.state, point: { latitude: 0, longitude: 0 } };
  const reach = membershipTiers.map((tier) => ({ tier, area: discoveryAreaFor(tier, anywhere) }));
  return {
    everywhere: reach.filter(({ area }) => area.kind === 'everywhere').map(({ tier }) => tier),
    state: reach.filter(({ area }) => area.kind === 'state').map(({ tier }) => tier),
    radius: reach.filter(({ area }) => area.kind === 'radius').map(({ tier }) => tier),
    radiusKm: Math.max(0, ...reach.map(({ area }) => (area.kind === 'radius' ? area.radiusKm : 0))),
  };
})();

/**
 * The instant searches a batch of new listings may match, in one statement: for each listing only
 * searches that share one of its words (their words' lexemes, GIN) or, without words, of its
 * category or none are read; then the filters browse applies (category, condition, state, postcode, the words
 * as browse parses them, kept parsed on the row), only what was listed after the search's last
 * mail, and only members whose area may take the listing in: their plan reaches everywhere, or their
 * state, or their postcode is among those within a neighbourhood's radius of the listing's (distance
 * is symmetric; each listing's postcodes come as one comma-joined text). The caller still holds each
 * row to the domain's own area rule, so this narrows and never decides.
 */
const selectCandidateSearches = preparedStatement<
  { listingIds: string[]; nearby: string[]; everywhereTiers: string[]; stateTiers: string[]; radiusTiers: string[]; defaultPostcode: string },
  MatchRow
>(
  'saved-search-candidates',
  (value) => sql`
    with listing as (
      select l.id, l.category, l.condition, l.state, l.postcode, l.search_vector, l.seller_id, l.created_at, string_to_array(b.nearby, ',') as nearby
        from unnest(${value.listingIds}::uuid[], ${value.nearby}::text[]) as b(id, nearby)
        join ${listings} l on l.id = b.id and l.is_active),
    candidates as (
      select listing.id as listing_id, s.id, s.user_id, s.query, s.last_mailed_at, s.mailed_until, s.word_query
        from listing
        join ${savedSearches} s on s.mail_enabled and s.frequency = 'instant' and s.word_lexemes && tsvector_to_array(listing.search_vector)
      union all
      -- Without words: of its category, or of none (lookups of the category index).
      select listing.id, s.id, s.user_id, s.query, s.last_mailed_at, s.mailed_until, s.word_query
        from listing
        join ${savedSearches} s on s.mail_enabled and s.frequency = 'instant' and cardinality(s.word_lexemes) = 0 and (s.query ->> 'category') = listing.category
      union all
      select listing.id, s.id, s.user_id, s.query, s.last_mailed_at, s.mailed_until, s.word_query
        from listing
        join ${savedSearches} s on s.mail_enabled and s.frequency = 'instant' and cardinality(s.word_lexemes) = 0 and (s.query ->> 'category') is null)
    select c.listing_id, c.id, (extract(epoch from c.last_mailed_at) * 1000)::float8 as last_mailed_ms, c.query ->> 'location' as location,
           u.membership_tier, u.postcode, u.state
      from candidates c
      join listing on listing.id = c.listing_id
      join ${users} u on u.id = c.user_id
     where c.mailed_until < listing.created_at
       and u.id <> listing.seller_id
       and coalesce(c.query ->> 'category', listing.category) = listing.category
       and (c.query ->> 'condition' is null or listing.condition = any(string_to_array(c.query ->> 'condition', ',')))
       and coalesce(c.query ->> 'state', listing.state) = listing.state
       and coalesce(c.query ->> 'postcode', listing.postcode) = listing.postcode
       and (c.query ->> 'search' is null or listing.search_vector @@ c.word_query)
       and (u.membership_tier::text = any(${value.everywhereTiers}::text[])
            or (u.membership_tier::text = any(${value.stateTiers}::text[]) and (u.state = listing.state or u.state is null))
            or (u.membership_tier::text = any(${value.radiusTiers}::text[]) and coalesce(u.postcode, ${value.defaultPostcode}) = any(listing.nearby)))`,
);

const listingPlaceColumns = { id: listings.id, postcode: listings.postcode, state: listings.state, latitude: listings.latitude, longitude: listings.longitude };
export type ListingPlace = { id: string; postcode: string | null; state: string | null; latitude: number | null; longitude: number | null };

/** The postcodes within a neighbourhood's radius of the listing's: whose Starters may see it. */
function nearbyPostcodes(listing: ListingPlace): readonly string[] {
  if (listing.latitude === null || listing.longitude === null || tiersByReach.radiusKm === 0) return [];
  return postcodeListWithin({ kind: 'radius', centre: { latitude: listing.latitude, longitude: listing.longitude }, radiusKm: tiersByReach.radiusKm });
}

export async function candidateSearches(deps: Pick<ServerDeps, 'db'>, batch: readonly ListingPlace[]): Promise<MatchRow[]> {
  if (batch.length === 0) return [];
  return selectCandidateSearches(deps.db, {
    listingIds: batch.map((listing) => listing.id),
    nearby: batch.map((listing) => nearbyPostcodes(listing).join(',')),
    everywhereTiers: tiersByReach.everywhere,
    stateTiers: tiersByReach.state,
    radiusTiers: tiersByReach.radius,
    defaultPostcode: defaultLocation.postcode,
  });
}

type Alert = { data: { savedSearchId: string; digest: false }; options: { singletonKey: string; startAfter: Date } };

/**
 * The alert mails a batch of new listings calls for: one per instant search that shows one of them
 * to its member, the first at once and the next 15 minutes after the last (one waiting mail per
 * search: later matches join it). Whether the member may see a listing is the domain's area rule, as
 * browse's.
 */
export async function alertsForListings(deps: Pick<Deps, 'db' | 'clock'>, batch: readonly ListingPlace[]): Promise<Alert[]> {
  const now = deps.clock.now().getTime();
  const byId = new Map(batch.map((listing) => [listing.id, listing]));
  const alerts = new Map<string, Alert>();
  for (const row of await candidateSearches(deps, batch)) {
    const listing = byId.get(row.listing_id);
    if (!listing || alerts.has(row.id)) continue;
    const owner = { membershipTier: row.membership_tier, postcode: row.postcode, state: row.state } as UserRow;
    if (!areaIncludesPostcode(searchAreaFor({ user: owner }), listing)) continue;
    const city = row.location ? cityAreas[row.location as LocationFilter] : undefined;
    if (city && (listing.latitude === null || listing.longitude === null || distanceKm(city, { latitude: listing.latitude, longitude: listing.longitude }) > city.radiusKm)) continue;
    const lastMailed = row.last_mailed_ms === null ? 0 : Number(row.last_mailed_ms);
    alerts.set(row.id, {
      data: { savedSearchId: row.id, digest: false },
      options: { singletonKey: row.id, startAfter: new Date(Math.max(now, lastMailed + savedSearchLimits.alertIntervalMinutes * 60_000)) },
    });
  }
  return [...alerts.values()];
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

/** A claim older than this belongs to a run that was lost (longer than the job may take): it is taken again. */
const lostClaimSeconds = 5 * 60;

/**
 * A listing went live (in `tx`, its own transaction): it waits to be matched, and a matching run is
 * queued. One run waits at a time (its key) and takes every waiting listing, so a busy server
 * queues one run, not one per listing.
 */
export async function queueMatching(tx: Queryable, listingId: string): Promise<void> {
  await tx.insert(savedSearchPending).values({ listingId });
}

/**
 * Listings are matched in runs, one per two-second slot: a busy marketplace runs one match every two
 * seconds, not one per listing (which halved how many listings a second could be created), and an
 * alert leaves at most a slot later. A slot's run is one job (its key names the slot) that starts
 * when the slot ends, so any listing committed during the slot is waiting when it claims.
 */
const matchingSlotMs = 2000;

/**
 * A listing committed this close to its slot's end joins the next slot's run: the run starts by the
 * clock of the server that queued it, compared with the database's, and those may differ a little.
 */
const slotMarginMs = 200;

/** Per job queue (one per server): the slot whose run this server has made sure of, and when that was done. */
const slotsQueued = new WeakMap<object, { slot: number; queued: Promise<void> }>();

/**
 * After the listing's transaction committed: make sure its slot has a run. The first listing of a
 * slot on this server queues the run (or finds it queued by another server); the rest wait for that.
 * It never fails the seller's request: the listing is saved, and if its run could not be queued the
 * minutely sweep (main.ts) matches it.
 */
export async function startMatching(deps: Pick<ServerDeps, 'jobs' | 'log'>): Promise<void> {
  const slot = Math.floor((Date.now() + slotMarginMs) / matchingSlotMs);
  const known = slotsQueued.get(deps.jobs);
  if (known?.slot === slot) return known.queued;
  const queued = deps.jobs
    .send('saved-search-match', {}, { singletonKey: `new-listings:${slot}`, startAfter: new Date((slot + 1) * matchingSlotMs) })
    .then(
      () => undefined,
      (error: unknown) => {
        slotsQueued.delete(deps.jobs);
        deps.log.warn({ err: error }, 'could not queue the saved search match; the minutely sweep will take the listing');
      },
    );
  slotsQueued.set(deps.jobs, { slot, queued });
  return queued;
}

/**
 * Matches every waiting listing, oldest first, in batches: a batch is claimed (so a second run at
 * the same time takes others), its alerts are queued in one insert, then its rows go. A run lost
 * between the two leaves its claim to expire and the batch is matched again; an alert already
 * waiting for its search takes the second, and a mail lists only what is new since the last one.
 */
export async function matchNewListings(deps: Deps): Promise<number> {
  let matched = 0;
  for (;;) {
    const claimed = await deps.db.execute(sql`
      update ${savedSearchPending} set claimed_at = now()
       where listing_id in (select listing_id from ${savedSearchPending}
                             where claimed_at is null or claimed_at < now() - make_interval(secs => ${lostClaimSeconds})
                             order by listed_at limit ${matchBatchSize} for update skip locked)
      returning listing_id`);
    const ids = (claimed as unknown as { rows: { listing_id: string }[] }).rows.map((row) => row.listing_id);
    try {
      // A listing deleted meanwhile is simply not there.
      const places = ids.length === 0 ? [] : await deps.db.select(listingPlaceColumns).from(listings).where(inArray(listings.id, ids));
      await deps.jobs.sendMany('saved-search-mail', await alertsForListings(deps, places));
      if (ids.length > 0) await deps.db.delete(savedSearchPending).where(inArray(savedSearchPending.listingId, ids));
    } catch (error) {
      // A run that failed (a connection lost, the pool busy) hands its batch back at once, so the job's
      // retry or the next run matches it, instead of leaving it claimed until the claim expires.
      if (ids.length > 0) {
        await deps.db
          .update(savedSearchPending)
          .set({ claimedAt: null })
          .where(inArray(savedSearchPending.listingId, ids))
          .catch((releaseError: unknown) => deps.log.warn({ err: releaseError }, 'could not hand back a saved search match batch; its claim expires instead'));
      }
      throw error;
    }
    matched += ids.length;
    if (ids.length < matchBatchSize) return matched;
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
  if (!input.digest && textsAreOn(owner)) await textAlert(deps, { owner, searchName: row.name, total, firstListingId: shown[0].id });
  return true;
}

/** An instant alert's text: one new listing links to it, more to the Saved page. Never fails the mail's job (it would mail again). */
async function textAlert(deps: Deps, input: { owner: UserRow; searchName: string; total: number; firstListingId: string }): Promise<void> {
  const { publicUrl } = deps.config;
  const link = input.total === 1 ? `${publicUrl}/listing/${input.firstListingId}` : `${publicUrl}/saved`;
  try {
    await textMember(deps, { memberId: input.owner.id, text: smsTexts.savedSearchAlert({ searchName: input.searchName, count: input.total, link, publicUrl }) });
  } catch (error) {
    deps.log.warn({ err: error }, 'saved search alert text failed');
  }
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
  // A thousand jobs to an insert: a morning of every member's digests is a few statements, not one per search.
  for (let start = 0; start < due.length; start += 1000) {
    await deps.jobs.sendMany(
      'saved-search-mail',
      due.slice(start, start + 1000).map((search) => ({ data: { savedSearchId: search.id, digest: true }, options: { singletonKey: search.id } })),
    );
  }
  return due.length;
}

/** The search a signed link names, when the link is good; changes nothing (the page that asks first shows its name). */
export async function findUnsubscribeTarget(deps: Pick<ServerDeps, 'db' | 'config'>, input: { savedSearchId: string; token: string }): Promise<{ name: string } | null> {
  if (!isUnsubscribeToken(deps.config.appSecret, input.savedSearchId, input.token)) return null;
  const [found] = await deps.db.select({ name: savedSearches.name }).from(savedSearches).where(eq(savedSearches.id, input.savedSearchId)).limit(1);
  return found ?? null;
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
