// spec 8: an error starting with 401 and Unauthorized logs the visitor out of the page and sends them to sign in.
import { ApiError } from './api-client';
import { toast } from './use-toast';
import { timings } from '../../domain/timings';

const unauthorizedRedirectDelayMs = timings.unauthorizedRedirectMs;

export function isUnauthorizedError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (/^401: .*Unauthorized/.test(error.message)) return true;
  // Our server speaks in sentences; its code says the same thing.
  return error instanceof ApiError && error.code === 'UNAUTHENTICATED';
}

/** Shows the 'Unauthorized' toast and redirects to /api/login. Returns true when it handled the error. */
export function handleUnauthorizedError(error: unknown): boolean {
  if (!isUnauthorizedError(error)) return false;
  toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
  setTimeout(() => {
    window.location.href = '/api/login';
  }, unauthorizedRedirectDelayMs);
  return true;
}
