import { Laptop } from 'lucide-react';
import { type AccountSession, formatDateAU } from '../../../../domain';
import { Button } from '@/components/ui/button';
import { useAccountSessions, useEndOtherSessions, useEndSession } from '@/features/account/api';

const hourMs = 60 * 60 * 1000;

/** "Active now" for this device; else when it was last used, to the hour it is known to. */
function lastUsed(session: AccountSession, now = Date.now()): string {
  if (session.current) return 'This device · active now';
  const ago = now - new Date(session.lastUsedAt).getTime();
  if (ago < hourMs) return 'Active in the last hour';
  if (ago < 24 * hourMs) return `Active ${Math.floor(ago / hourMs)} ${Math.floor(ago / hourMs) === 1 ? 'hour' : 'hours'} ago`;
  return `Last active ${formatDateAU(session.lastUsedAt)}`;
}

function DeviceRow({ session }: { session: AccountSession }) {
  const end = useEndSession();
  return (
    <li className="flex items-center justify-between gap-3 py-3 first:pt-0 last:pb-0">
      <span className="flex min-w-0 items-start gap-3">
        <Laptop className="mt-0.5 size-5 shrink-0 text-ink-500" aria-hidden="true" />
        <span className="min-w-0">
          <span className="block font-semibold break-words">{session.device}</span>
          <span className={session.current ? 'block text-sm font-semibold text-leaf-700' : 'block text-sm text-ink-500'}>{lastUsed(session)}</span>
          <span className="block text-sm text-ink-500">Signed in {formatDateAU(session.startedAt)}</span>
        </span>
      </span>
      {!session.current && (
        <Button variant="secondary" className="shrink-0" disabled={end.isPending} aria-label={`Sign out ${session.device}, signed in ${formatDateAU(session.startedAt)}`} onClick={() => end.mutate(session.id)}>
          {end.isPending ? 'Signing out…' : 'Sign out'}
        </Button>
      )}
    </li>
  );
}

/** Where the account is signed in, with a way to sign any other device out, or all of them. */
export function SignedInDevices() {
  const sessions = useAccountSessions();
  const endOthers = useEndOtherSessions();
  if (sessions.isPending) return <div role="status" aria-label="Loading where you're signed in" className="h-16 animate-pulse rounded-xl bg-sand-100" />;
  if (sessions.isError) {
    return (
      <p role="alert" className="text-sm text-brand-700">
        We couldn't load where you're signed in. Please refresh the page.
      </p>
    );
  }
  const others = sessions.data.sessions.filter((session) => !session.current).length;
  return (
    <div className="space-y-4">
      <ul aria-label="Where you're signed in" className="divide-y divide-sand-200">
        {sessions.data.sessions.map((session) => (
          <DeviceRow key={session.id} session={session} />
        ))}
      </ul>
      {others > 0 && (
        <Button variant="secondary" disabled={endOthers.isPending} onClick={() => endOthers.mutate()}>
          {endOthers.isPending ? 'Signing out…' : 'Sign out everywhere else'}
        </Button>
      )}
    </div>
  );
}
