import type { ServerDeps } from '../deps';
import { writeTransaction } from '../db/write-transaction';
import { revokeSession } from './sessions';

/** Ends this session; the session cache of every app server forgets it. */
export async function signOut(deps: ServerDeps, input: { sessionId: string }): Promise<void> {
  await writeTransaction(deps, async (tx, changes) => {
    await revokeSession(tx, input.sessionId);
    changes.touch('sessions', input.sessionId);
  });
}
