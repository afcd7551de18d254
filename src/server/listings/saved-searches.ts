// Saved searches: a member keeps a browse's filters with a name (10, or 20 on Connector and Lifetime)
// and sees how many listings are new since they last opened it. The count follows browse's own
// rules (the member's area, the filters, the words), so it never reaches past what they can see.
import { and, count, desc, eq } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { uuidPattern } from '../../domain/listing';
import type { CreateSavedSearchBody, SavedSearchView, UpdateSavedSearchBody } from '../../domain/saved-search-schemas';
import { savedSearchLimitFor, savedSearchLimits, savedSearchMessages } from '../../domain/saved-searches';
import { savedSearches, users, type UserRow } from '../db/schema';
import type { ServerDeps } from '../deps';
import { countListedSince } from './browse-listings';

type SavedSearchRow = typeof savedSearches.$inferSelect;

const notFound = () => new AppError('SAVED_SEARCH_NOT_FOUND');

async function toView(deps: Pick<ServerDeps, 'db'>, member: UserRow, row: SavedSearchRow): Promise<SavedSearchView> {
  const newCount = await countListedSince(deps, { viewer: { user: member }, query: row.query, since: row.lastSeenAt, cap: savedSearchLimits.newCountCap + 1 });
  return { id: row.id, name: row.name, query: row.query, frequency: row.frequency, mailEnabled: row.mailEnabled, newCount, createdAt: row.createdAt.toISOString() };
}

export async function createSavedSearch(deps: Pick<ServerDeps, 'db'>, input: { member: UserRow; body: CreateSavedSearchBody }): Promise<SavedSearchView> {
  const row = await deps.db.transaction(async (tx) => {
    // The member's row is locked so two saves at once cannot pass the limit together.
    const [member] = await tx.select({ tier: users.membershipTier }).from(users).where(eq(users.id, input.member.id)).for('update');
    const limit = savedSearchLimitFor(member?.tier ?? input.member.membershipTier);
    const [kept] = await tx.select({ count: count() }).from(savedSearches).where(eq(savedSearches.userId, input.member.id));
    if (kept.count >= limit) throw new AppError('SAVED_SEARCH_LIMIT_REACHED', savedSearchMessages.limitReached(limit));
    const [inserted] = await tx
      .insert(savedSearches)
      .values({ userId: input.member.id, name: input.body.name, query: input.body.query, frequency: input.body.frequency })
      .returning();
    return inserted;
  });
  return toView(deps, input.member, row);
}

/** The member's saved searches, the newest first, each with its count of new listings. */
export async function listSavedSearches(deps: Pick<ServerDeps, 'db'>, input: { member: UserRow }): Promise<SavedSearchView[]> {
  const rows = await deps.db.select().from(savedSearches).where(eq(savedSearches.userId, input.member.id)).orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
  return Promise.all(rows.map((row) => toView(deps, input.member, row)));
}

/** Another member's saved search is not found, as one that does not exist. */
function ownSearch(memberId: string, id: string) {
  if (!uuidPattern.test(id)) throw notFound();
  return and(eq(savedSearches.id, id), eq(savedSearches.userId, memberId));
}

export async function deleteSavedSearch(deps: Pick<ServerDeps, 'db'>, input: { memberId: string; id: string }): Promise<void> {
  const deleted = await deps.db.delete(savedSearches).where(ownSearch(input.memberId, input.id)).returning({ id: savedSearches.id });
  if (deleted.length === 0) throw notFound();
}

/** Its mail on or off (from /account, or again after unsubscribing), or how often. */
export async function updateSavedSearch(deps: Pick<ServerDeps, 'db'>, input: { member: UserRow; id: string; body: UpdateSavedSearchBody }): Promise<SavedSearchView> {
  const [updated] = await deps.db
    .update(savedSearches)
    .set({
      ...(input.body.mailEnabled === undefined ? {} : { mailEnabled: input.body.mailEnabled }),
      ...(input.body.frequency === undefined ? {} : { frequency: input.body.frequency }),
    })
    .where(ownSearch(input.member.id, input.id))
    .returning();
  if (!updated) throw notFound();
  return toView(deps, input.member, updated);
}

/** The member opened the search: what is listed from now on is new. */
export async function markSavedSearchSeen(deps: Pick<ServerDeps, 'db' | 'clock'>, input: { memberId: string; id: string }): Promise<void> {
  const updated = await deps.db.update(savedSearches).set({ lastSeenAt: deps.clock.now() }).where(ownSearch(input.memberId, input.id)).returning({ id: savedSearches.id });
  if (updated.length === 0) throw notFound();
}
