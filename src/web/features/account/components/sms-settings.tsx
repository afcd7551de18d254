import { useId } from 'react';
import { Link } from 'wouter';
import { type CurrentUser, smsMessages } from '../../../../domain';
import { Switch } from '@/components/ui/switch';
import { useUpdateNotificationSettings } from '@/features/account/api';

/**
 * The texts switch (decision 33): texts go only to the member's verified phone, so without one the
 * switch is disabled and says why, with the way to verify.
 */
export function SmsSettings({ user }: { user: CurrentUser }) {
  const update = useUpdateNotificationSettings();
  const id = useId();
  const verifiedPhone = user.isPhoneVerified && user.phone ? user.phone : null;
  // Shows the choice at once; the saved member replaces it when the server answers.
  const checked = verifiedPhone !== null && (update.isPending ? (update.variables?.sms ?? user.smsNotifications) : user.smsNotifications);
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="min-w-0">
        <label htmlFor={id} className="font-semibold">
          {smsMessages.switchLabel}
        </label>
        <p id={`${id}-description`} className="mt-0.5 text-sm text-ink-700">
          {verifiedPhone ? smsMessages.description(verifiedPhone) : smsMessages.needsVerifiedPhone}
        </p>
        {verifiedPhone ? null : (
          <Link href="/verify-phone" className="mt-1 inline-block text-sm font-semibold text-brand-700 underline underline-offset-2">
            {smsMessages.verifyPhoneLink}
          </Link>
        )}
      </div>
      <Switch
        id={id}
        aria-describedby={`${id}-description`}
        checked={checked}
        disabled={verifiedPhone === null || update.isPending}
        onCheckedChange={(next) => update.mutate({ sms: next })}
      />
    </div>
  );
}
