import { useEffect, useRef } from 'react';

/** Calls `callback` once `value` has stopped changing for `delayMs`. */
export function useDebouncedEffect<T>(value: T, delayMs: number, callback: (value: T) => void): void {
  const latestCallback = useRef(callback);
  useEffect(() => {
    latestCallback.current = callback;
  });
  useEffect(() => {
    const timer = setTimeout(() => latestCallback.current(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
}
