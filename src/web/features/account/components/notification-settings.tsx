import { type CurrentUser, conversationLimits } from '../../../../domain';
import { useUpdateNotificationSettings } from '@/features/account/api';
import { SettingSwitch } from './setting-switch';

/** The message-mail switch (decision 15: one mail when a message waits unread while the member is away). */
export function NotificationSettings({ user }: { user: CurrentUser }) {
  const update = useUpdateNotificationSettings();
  // Shows the choice at once; the saved member replaces it when the server answers.
  const checked = update.isPending ? (update.variables?.messageMail ?? user.messageMail) : user.messageMail;
  return (
    <SettingSwitch
      label="Email me when a message waits unread"
      description={`One email per conversation, after ${conversationLimits.quietMinutes} minutes, only while you're not on Neighbourly.`}
      checked={checked}
      disabled={update.isPending}
      onCheckedChange={(next) => update.mutate({ messageMail: next })}
    />
  );
}
