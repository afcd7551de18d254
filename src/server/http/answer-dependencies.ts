// Which data an API answer was made from (the content-version keys of db/write-transaction.ts),
// told to this server's own page renderer (web/server-render.ts) in a header of the answer, so a
// visitor's page can be kept until something it shows changes. Only the renderer's own requests
// carry the per-process secret that asks for it: nobody else sees the header.
import { randomUUID } from 'node:crypto';

export const dependenciesRequestHeader = 'x-page-render';
export const dependenciesHeader = 'x-depends-on';

const secret = randomUUID();

/** The header the page renderer's own API requests carry. */
export function dependencyRequestHeaders(): Record<string, string> {
  return { [dependenciesRequestHeader]: secret };
}

type ReplyLike = { request: { headers: Record<string, string | string[] | undefined> }; header: (name: string, value: string) => unknown };

/** Whether this request is the page renderer's own, which wants to know what the answer was made from. */
export function asksForDependencies(reply: ReplyLike): boolean {
  return reply.request.headers[dependenciesRequestHeader] === secret;
}

/** Says what this answer was made from, when the page renderer asks (its keys; none: made from nothing that changes). */
export function reportDependencies(reply: ReplyLike, keys: readonly string[]): void {
  if (!asksForDependencies(reply)) return;
  reply.header(dependenciesHeader, keys.length === 0 ? '-' : keys.join(' '));
}

/** The keys an answer reported; null when it did not say (an answer that cannot be kept). */
export function readDependencies(header: string | undefined): string[] | null {
  if (header === undefined) return null;
  return header === '-' ? [] : header.split(' ').filter(Boolean);
}
