import { asc, eq, sql } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { uuidPattern } from '../../domain/listing';
import { isUniqueViolation } from '../db/errors';
import { bannedWords } from '../db/schema';
import type { ServerDeps } from '../deps';
import { recordAdminAction } from './record-admin-action';

const toView = (row: typeof bannedWords.$inferSelect) => ({ id: row.id, word: row.word, createdAt: row.createdAt.toISOString() });

export async function listBannedWords(deps: ServerDeps) {
  const rows = await deps.db.select().from(bannedWords).orderBy(asc(sql`lower(${bannedWords.word})`));
  return rows.map(toView);
}

/** Unique whatever the case (the index is on lower(word)); the listing filter uses it at once. */
export async function banWord(deps: ServerDeps, input: { actorId: string; word: string }) {
  try {
    return await deps.db.transaction(async (tx) => {
      const [row] = await tx.insert(bannedWords).values({ word: input.word, addedBy: input.actorId }).returning();
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
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.delete(bannedWords).where(eq(bannedWords.id, input.id)).returning();
    if (!row) throw new AppError('BANNED_WORD_NOT_FOUND');
    await recordAdminAction(tx, { actorId: input.actorId, action: 'unban_word', details: { word: row.word } });
    return { message: `"${row.word}" is allowed again.` };
  });
}
