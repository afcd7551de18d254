// Writes say what they change: a write that changes what readers see names it in the transaction
// that makes the change, and it is published (to the read caches of every app server) only once
// that transaction has committed. A write that fails, or that changes nothing a reader sees (a
// contact form, an upload), publishes nothing.
import type { ContentVersion } from '../services/content-version';
import type { Database, Transaction } from './open-database';

/**
 * What cached reads a write can make stale: listings (browse, detail and the map's counts), members
 * (the session cache holds each signed-in member's row) and sessions (signed out, revoked).
 */
export type ChangedKind = 'listings' | 'members' | 'sessions';

export type Changes = {
  /** This transaction changed the `kind` with this id (or, without one, some of them). */
  touch: (kind: ChangedKind, id?: string) => void;
};

export async function writeTransaction<T>(
  deps: { db: Database; contentVersion: ContentVersion },
  work: (tx: Transaction, changes: Changes) => Promise<T>,
): Promise<T> {
  const touched = new Set<string>();
  const changes: Changes = {
    touch: (kind, id) => {
      touched.add(id === undefined ? kind : `${kind}:${id}`);
    },
  };
  const result = await deps.db.transaction((tx) => work(tx, changes));
  deps.contentVersion.publish([...touched]);
  return result;
}
