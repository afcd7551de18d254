import { useSyncExternalStore } from 'react';
import { serverTimeZone } from '../message-times';

/** Times move on this often ("Just now" becomes "1 min ago"). */
const tickMs = 15_000;

function subscribe(onTick: () => void): () => void {
  const timer = setInterval(onTick, tickMs);
  return () => clearInterval(timer);
}

/** The time to the last tick: the same value between ticks, so a render reads one stable "now". */
const readTick = () => Math.floor(Date.now() / tickMs) * tickMs;
const noTickYet = () => null;

export type Clock = { now: Date | null; timeZone: string | undefined };

/**
 * "Now" and the zone to show times in. On the server and while the browser hydrates its page, now is
 * unknown and times show in Sydney's zone, as the server rendered them; then the browser's own.
 */
export function useClock(): Clock {
  const tick = useSyncExternalStore(subscribe, readTick, noTickYet);
  return tick === null ? { now: null, timeZone: serverTimeZone } : { now: new Date(tick), timeZone: undefined };
}
