import { useId } from 'react';
import { type CurrentUser, conversationLimits } from '../../../../domain';
import { Switch } from '@/components/ui/switch';
import { useUpdateNotificationSettings } from '@/features/account/api';

/** The message-mail switch (decision 15: one mail when a message waits unread while the member is away). */
export function NotificationSettings({ user }: { user: CurrentUser }) {
  const update = useUpdateNotificationSettings();
  const id = useId();
  // Shows the choice at once; the saved member replaces it when the server answers.
  const checked = update.isPending ? (update.variables?.messageMail ?? user.messageMail) : user.messageMail;
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="min-w-0">
        <label htmlFor={id} className="font-semibold">
          Email me when a message waits unread
        </label>
        <p id={`${id}-description`} className="mt-0.5 text-sm text-ink-700">
          One email per conversation, after {conversationLimits.quietMinutes} minutes, only while you're not on Neighbourly.
        </p>
      </div>
      <Switch id={id} aria-describedby={`${id}-description`} checked={checked} disabled={update.isPending} onCheckedChange={(next) => update.mutate({ messageMail: next })} />
    </div>
  );
}
