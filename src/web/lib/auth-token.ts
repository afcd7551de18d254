// spec 3 "Client storage": the signed-in member's bearer token lives in localStorage under authToken.
// Components follow it through useAuthToken(), so removing it signs the page out in the same render
// as any navigation that goes with it.
import { useSyncExternalStore } from 'react';

const authTokenKey = 'authToken';
const listeners = new Set<() => void>();

function notifyListeners(): void {
  for (const listener of listeners) listener();
}

export function readAuthToken(): string | null {
  try {
    return window.localStorage.getItem(authTokenKey);
  } catch {
    return null;
  }
}

/** `quiet` stores without re-rendering, for a page that is about to reload anyway. */
export function storeAuthToken(token: string, { quiet = false }: { quiet?: boolean } = {}): void {
  window.localStorage.setItem(authTokenKey, token);
  if (!quiet) notifyListeners();
}

export function removeAuthToken(): void {
  try {
    window.localStorage.removeItem(authTokenKey);
  } catch {
    // Storage can be unavailable (private mode); there is nothing to remove then.
  }
  notifyListeners();
}

function subscribeToAuthToken(listener: () => void): () => void {
  // Another tab signing in or out changes this tab too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === authTokenKey || event.key === null) listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useAuthToken(): string | null {
  return useSyncExternalStore(subscribeToAuthToken, readAuthToken, () => null);
}
