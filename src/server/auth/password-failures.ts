// Wrong passwords, counted the sign-in page's way (decision 26).
import { signInPolicy } from '../../domain/auth';
import type { ServerDeps } from '../deps';
import { addressGroup } from '../http/address-group';

const windowMs = signInPolicy.windowMinutes * 60_000;

/**
 * Wrong passwords counted per email and client address together: sign-in's, and a signed-in
 * member's wrong current password (changing it), which counts as one.
 */
export function passwordFailures(deps: Pick<ServerDeps, 'limits'>, input: { email: string; address: string }) {
  const failures = deps.limits.failures('sign-in', signInPolicy.maxFailures, windowMs);
  const pair = `${input.email} ${addressGroup(input.address)}`;
  return { pair, admit: () => failures.admit(pair), clear: () => failures.clear(pair) };
}
