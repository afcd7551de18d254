// Where the member is signed in: the list on /account, and ending one session or all the others.
import { AppError } from '../../domain/errors';
import { listMemberSessions, revokeMemberSession, revokeOtherSessions } from '../auth';
import { writeTransaction } from '../db/write-transaction';
import type { ServerDeps } from '../deps';

export async function listSessions(deps: ServerDeps, input: { memberId: string; sessionId: string | null }) {
  return { sessions: await listMemberSessions(deps.db, { userId: input.memberId, currentSessionId: input.sessionId, now: deps.clock.now() }) };
}

/** Signs one device out (this one too, when named): its session is refused on every server at once. */
export async function endSession(deps: ServerDeps, input: { memberId: string; id: string }): Promise<void> {
  await writeTransaction(deps, async (tx, changes) => {
    const ended = await revokeMemberSession(tx, { userId: input.memberId, id: input.id });
    if (!ended) throw new AppError('SESSION_NOT_FOUND');
    changes.touch('sessions', ended);
  });
}

export async function endOtherSessions(deps: ServerDeps, input: { memberId: string; sessionId: string }): Promise<{ ended: number }> {
  return writeTransaction(deps, async (tx, changes) => {
    const ended = await revokeOtherSessions(tx, { userId: input.memberId, keepSessionId: input.sessionId });
    for (const sessionId of ended) changes.touch('sessions', sessionId);
    return { ended: ended.length };
  });
}
