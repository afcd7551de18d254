// The event streams this server holds open, and their caps (decision 27). A member's newest streams
// are kept: one past their cap replaces their oldest (a forgotten tab, not the page being opened).
// An address past its cap is refused, since replacing another member's stream would let anyone
// behind it end their neighbours'. The caps are per server: holding them across servers would cost
// a shared count on every open and close; behind a load balancer of N servers a member or an
// address holds at most N times the cap, which still bounds what one account or address can hold.
import { AppError } from '../../domain/errors';
import { eventStreamLimits } from '../../domain/event-streams';

export type HeldStream = {
  memberId: string;
  /** The client's address as the abuse limits count it (an IPv6 client's /64). */
  address: string;
  /** Tells the tab it was replaced by a newer stream of the member, and ends the stream. */
  replace: () => void;
  /** Ends the stream (the server is closing). */
  end: () => void;
};

export type OpenStreams = {
  /**
   * Takes a place for a new stream, replacing the member's oldest ones past their cap; throws
   * EVENT_STREAM_LIMIT_REACHED when the address holds as many as it may. Returns the way to give the
   * place back (when the stream closes; safe to call twice).
   */
  admit: (stream: HeldStream) => () => void;
  /** Ends every stream: a closing server's drain is not held open by them. */
  endAll: () => void;
  readonly size: number;
};

export function createOpenStreams(limits: { perMember: number; perAddress: number } = eventStreamLimits): OpenStreams {
  /** Each member's streams, the oldest first. */
  const byMember = new Map<string, HeldStream[]>();
  const countByAddress = new Map<string, number>();
  let size = 0;

  const release = (stream: HeldStream) => {
    const streams = byMember.get(stream.memberId);
    const index = streams?.indexOf(stream) ?? -1;
    if (!streams || index === -1) return;
    streams.splice(index, 1);
    if (streams.length === 0) byMember.delete(stream.memberId);
    const left = (countByAddress.get(stream.address) ?? 1) - 1;
    if (left > 0) countByAddress.set(stream.address, left);
    else countByAddress.delete(stream.address);
    size -= 1;
  };

  return {
    admit: (stream) => {
      const streams = byMember.get(stream.memberId) ?? [];
      const replaced = streams.slice(0, Math.max(0, streams.length - limits.perMember + 1));
      // A member at their own cap on a full address still opens one: it takes the place of their oldest.
      const freedHere = replaced.filter((old) => old.address === stream.address).length;
      if ((countByAddress.get(stream.address) ?? 0) - freedHere >= limits.perAddress) throw new AppError('EVENT_STREAM_LIMIT_REACHED');
      for (const old of replaced) {
        release(old);
        old.replace();
      }
      byMember.set(stream.memberId, [...(byMember.get(stream.memberId) ?? []), stream]);
      countByAddress.set(stream.address, (countByAddress.get(stream.address) ?? 0) + 1);
      size += 1;
      return () => release(stream);
    },
    endAll: () => {
      for (const streams of [...byMember.values()]) for (const stream of [...streams]) stream.end();
    },
    get size() {
      return size;
    },
  };
}
