import { asc, eq, sql } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { uuidPattern } from '../../domain/listing';
import { isUniqueViolation } from '../db/errors';
import { bannedWords } from '../db/schema';
import { changeKeys, writeTransaction } from '../db/write-transaction';
import type { ServerDeps } from '../deps';
import { createReadCache, type ContentVersion, type ReadCache } from '../http/read-cache';
import { recordAdminAction } from './record-admin-action';

const bannedWordCaches = new WeakMap<ContentVersion, ReadCache<string[]>>();

/**
 * The banned words as the message filter reads them: from memory until an admin changes the list
 * (on any app server), so a message costs no query for them.
 */
export function currentBannedWords(deps: Pick<ServerDeps, 'db' | 'contentVersion' | 'config'>): Promise<string[]> {
  let cache = bannedWordCaches.get(deps.contentVersion);
  if (!cache) {
    cache = createReadCache<string[]>(deps.contentVersion, { maxEntries: 1, ttlMs: deps.config.readCacheMs });
    bannedWordCaches.set(deps.contentVersion, cache);
  }
  return cache.read('all', async () => (await deps.db.select({ word: bannedWords.word }).from(bannedWords)).map((row) => row.word), [changeKeys.bannedWords]);
}

const toView = (row: typeof bannedWords.$inferSelect) => ({ id: row.id, word: row.word, createdAt: row.createdAt.toISOString() });

export async function listBannedWords(deps: ServerDeps) {
  const rows = await deps.db.select().from(bannedWords).orderBy(asc(sql`lower(${bannedWords.word})`));
  return rows.map(toView);
}

/** Unique whatever the case (the index is on lower(word)); the listing filter uses it at once. */
export async function banWord(deps: ServerDeps, input: { actorId: string; word: string }) {
  try {
    return await writeTransaction(deps, async (tx, changes) => {
      const [row] = await tx.insert(bannedWords).values({ word: input.word, addedBy: input.actorId }).returning();
      changes.touch('bannedWords');
      await recordAdminAction(tx, { actorId: input.actorId, action: 'ban_word', details: { word: input.word } });
      return toView(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('WORD_ALREADY_BANNED');
    throw error;
  }
}

export async function unbanWord(deps: ServerDeps, input: { actorId: string; id: string }) {
  if (!uuidPattern.test(input.id)) throw new AppError('BANNED_WORD_NOT_FOUND');
  return writeTransaction(deps, async (tx, changes) => {
    const [row] = await tx.delete(bannedWords).where(eq(bannedWords.id, input.id)).returning();
    if (!row) throw new AppError('BANNED_WORD_NOT_FOUND');
    changes.touch('bannedWords');
    await recordAdminAction(tx, { actorId: input.actorId, action: 'unban_word', details: { word: row.word } });
    return { message: `"${row.word}" is allowed again.` };
  });
}
