// spec 3 "Client storage": the signed-in member's bearer token lives in localStorage under authToken.
// Components follow it through useAuthToken(), so removing it signs the page out in the same render
// as any navigation that goes with it.
import { createContext, useContext, useSyncExternalStore } from 'react';
import { authTokenCookieName, readAuthTokenCookie, sessionLifetimeDays } from '../../domain/session';

const authTokenKey = 'authToken';
const daySeconds = 86_400;

/**
 * On the server, the token the page is being rendered for (from the page request's cookie); in the
 * browser there is no provider and the stored token is the one.
 */
export const ServerAuthTokenContext = createContext<string | null | undefined>(undefined);
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

/** The cookie copy of the token, so the next page load is rendered on the server for this member. */
function writeAuthCookie(token: string | null): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const value = token ? encodeURIComponent(token) : '';
  const maxAge = token ? sessionLifetimeDays * daySeconds : 0;
  document.cookie = `${authTokenCookieName}=${value}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure}`;
}

/** Brings the cookie in line with the stored token (a session from before the cookie, another tab). */
export function syncAuthCookie(): void {
  const token = readAuthToken();
  if (readAuthTokenCookie(document.cookie) !== token) writeAuthCookie(token);
}

/** `quiet` stores without re-rendering, for a page that is about to reload anyway. */
export function storeAuthToken(token: string, { quiet = false }: { quiet?: boolean } = {}): void {
  window.localStorage.setItem(authTokenKey, token);
  writeAuthCookie(token);
  if (!quiet) notifyListeners();
}

export function removeAuthToken(): void {
  try {
    window.localStorage.removeItem(authTokenKey);
  } catch {
    // Storage can be unavailable (private mode); there is nothing to remove then.
  }
  writeAuthCookie(null);
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
  const serverToken = useContext(ServerAuthTokenContext);
  // Rendered on the server: the request's token. Hydrating in the browser: the stored token, which
  // the page checked matches the one the server rendered for before hydrating.
  return useSyncExternalStore(subscribeToAuthToken, readAuthToken, () => (serverToken === undefined ? readAuthToken() : serverToken));
}
