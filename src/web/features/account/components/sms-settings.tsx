import { Link } from 'wouter';
import { type CurrentUser, smsMessages } from '../../../../domain';
import { useUpdateNotificationSettings } from '@/features/account/api';
import { SettingSwitch } from './setting-switch';

/**
 * The texts switch (decision 33): texts go only to the member's verified phone, so without one the
 * switch is disabled and says why, with the way to verify.
 */
export function SmsSettings({ user }: { user: CurrentUser }) {
  const update = useUpdateNotificationSettings();
  const verifiedPhone = user.isPhoneVerified && user.phone ? user.phone : null;
  // Shows the choice at once; the saved member replaces it when the server answers.
  const checked = verifiedPhone !== null && (update.isPending ? (update.variables?.sms ?? user.smsNotifications) : user.smsNotifications);
  return (
    <SettingSwitch
      label={smsMessages.switchLabel}
      description={verifiedPhone ? smsMessages.description(verifiedPhone) : smsMessages.needsVerifiedPhone}
      checked={checked}
      disabled={verifiedPhone === null || update.isPending}
      onCheckedChange={(next) => update.mutate({ sms: next })}
    >
      {verifiedPhone ? null : (
        <Link href="/verify-phone" className="mt-1 inline-block text-sm font-semibold text-brand-700 underline underline-offset-2">
          {smsMessages.verifyPhoneLink}
        </Link>
      )}
    </SettingSwitch>
  );
}
