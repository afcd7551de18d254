import { type CurrentUser, conversationLimits, insightMessages } from '../../../../domain';
import { useUpdateNotificationSettings } from '@/features/account/api';
import { SettingSwitch } from './setting-switch';

type MailSetting = 'messageMail' | 'insightsMail';

function MailSwitch({ user, setting, label, description }: { user: CurrentUser; setting: MailSetting; label: string; description: string }) {
  const update = useUpdateNotificationSettings();
  // Shows the choice at once; the saved member replaces it when the server answers.
  const checked = update.isPending ? (update.variables?.[setting] ?? user[setting]) : user[setting];
  return <SettingSwitch label={label} description={description} checked={checked} disabled={update.isPending} onCheckedChange={(next) => update.mutate({ [setting]: next })} />;
}

/**
 * The mail switches: one mail when a message waits unread while the member is away (decision 15),
 * and the seller's weekly summary of their listings (decision 48).
 */
export function NotificationSettings({ user }: { user: CurrentUser }) {
  return (
    <>
      <MailSwitch
        user={user}
        setting="messageMail"
        label="Email me when a message waits unread"
        description={`One email per conversation, after ${conversationLimits.quietMinutes} minutes, only while you're not on Neighbourly.`}
      />
      <MailSwitch user={user} setting="insightsMail" label={insightMessages.mailSwitchLabel} description={insightMessages.mailSwitchDescription} />
    </>
  );
}
