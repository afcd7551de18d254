// Every change to a conversation reaches its members twice: as a live event on their open streams,
// and as a notice to the caches of their inbox, badge and threads (on every app server), so the
// next read is made afresh.
import type { MemberEvent } from '../../domain/conversation-schemas';
import { changeKeys } from '../db/write-transaction';
import type { ServerDeps } from '../deps';

export async function announce(deps: Pick<ServerDeps, 'memberEvents' | 'contentVersion'>, memberIds: readonly string[], event: MemberEvent): Promise<void> {
  await deps.contentVersion.publish(memberIds.map(changeKeys.conversations));
  await deps.memberEvents.publish(memberIds, event);
}
