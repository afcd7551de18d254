import { Info, Lock, TriangleAlert } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import {
  type CurrentUser,
  accountMessages,
  formatDateAU,
  postcodeLockDays,
  postcodeLockedMessage,
  postcodePattern,
  postcodeUnlockDate,
  updateProfileBody,
} from '../../../../domain';
import { FormField } from '@/components/form-field';
import { ModalDialog } from '@/components/modal-dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useCanChangePostcode, useUpdateProfile } from '@/features/account/api';
import { usePostcodePlace } from '@/shared/account/postcode-place';
import { Select } from '@/components/ui/select';

type FieldErrors = { postcode?: string; suburb?: string };

/**
 * Postcode, suburb and state with Save Changes; the postcode locks for 30 days after a change
 * (spec 4, 5), though a first postcode may be corrected once within the hour.
 */
export function AccountLocationForm({ user }: { user: CurrentUser }) {
  const [postcode, setPostcode] = useState(user.postcode ?? '');
  const [chosenSuburb, setChosenSuburb] = useState(user.suburb ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  /** When set, the "are you sure" dialog is open, showing the date the new postcode would unlock. */
  const [confirmUnlock, setConfirmUnlock] = useState<Date | null>(null);

  const fieldId = useId();
  const place = usePostcodePlace(postcode);
  const lock = useCanChangePostcode();
  const updateProfile = useUpdateProfile();

  // spec 7: the check answers true when the postcode may change; the dates come with the member.
  const locked = lock.data === false;
  const lockedMessage = locked && user.postcodeLockedUntil ? postcodeLockedMessage(new Date(user.postcodeLockedUntil)) : null;
  const mayCorrect = !locked && Boolean(user.postcodeCorrectionEndsAt);
  const isFourDigits = postcodePattern.test(postcode);
  const suburbs = (isFourDigits && place.data?.suburbs) || [];
  // The postcode's main locality comes first and is the default; a choice from another postcode does not carry over.
  const suburb = suburbs.includes(chosenSuburb) ? chosenSuburb : (suburbs[0] ?? '');
  const state = isFourDigits && place.data ? place.data.state : '';
  const postcodeChanges = postcode !== (user.postcode ?? '');
  const firstPostcode = user.postcode === null;
  // The server's words: an unknown postcode, or one for PO boxes rather than a neighbourhood.
  const lookupError = isFourDigits ? place.error?.message : undefined;
  const warnAboutLock = !locked && postcodeChanges && isFourDigits && !lookupError;

  const save = () => {
    setConfirmUnlock(null);
    updateProfile.mutate({ postcode, suburb, state });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = updateProfileBody.safeParse({ postcode, suburb, state });
    const nextErrors: FieldErrors = {};
    if (!parsed.success) nextErrors.postcode = accountMessages.postcodeInvalid;
    else if (place.isError) nextErrors.postcode = lookupError;
    else if (suburbs.length > 0 && !suburb) nextErrors.suburb = accountMessages.suburbNotInPostcode;
    setErrors(nextErrors);
    if (Object.keys(nextErrors).length > 0 || !place.data) return;
    // Warn before a change that starts the 30-day lock.
    if (postcodeChanges) setConfirmUnlock(postcodeUnlockDate(new Date()));
    else save();
  };

  const postcodeError = errors.postcode ?? lookupError;
  const postcodeNoteId = `${fieldId}-postcode-note`;
  const postcodeErrorId = `${fieldId}-postcode-error`;

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-[minmax(0,8rem)_minmax(0,1fr)_minmax(0,6rem)]">
        {/* Wired by hand: its message and lock note sit below the row, where they have room. */}
        <div className="space-y-1.5">
          <Label htmlFor={`${fieldId}-postcode`}>Postcode</Label>
          <Input
            id={`${fieldId}-postcode`}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={4}
            placeholder="3000"
            disabled={locked || lock.isPending}
            aria-invalid={postcodeError ? true : undefined}
            aria-describedby={[postcodeError && postcodeErrorId, postcodeNoteId].filter(Boolean).join(' ')}
            value={postcode}
            onChange={(event) => {
              setPostcode(event.target.value.replace(/\D/g, '').slice(0, 4));
              setErrors({});
            }}
          />
        </div>
        <FormField label="Suburb" error={errors.suburb}>
          <Select
            value={suburb}
            disabled={suburbs.length === 0}
            onChange={(event) => {
              setChosenSuburb(event.target.value);
              setErrors({});
            }}
          >
            {suburbs.length === 0 ? (
              <option value="">{place.isFetching ? 'Finding suburbs…' : 'Enter your postcode first'}</option>
            ) : (
              suburbs.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))
            )}
          </Select>
        </FormField>
        <FormField label="State">
          <Input readOnly value={state} placeholder="—" title="Filled in from your postcode" className="bg-sand-50" />
        </FormField>
      </div>

      {postcodeError && (
        <p id={postcodeErrorId} className="text-sm font-medium text-brand-700">
          {postcodeError}
        </p>
      )}
      <div id={postcodeNoteId}>
        {lockedMessage && (
          <p className="flex gap-2 rounded-xl bg-sand-100 p-3 text-sm text-ink-700">
            <Lock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              {lockedMessage} Postcodes lock for {postcodeLockDays} days after a change.
            </span>
          </p>
        )}
        {warnAboutLock && (
          <p className="flex gap-2 rounded-xl bg-sun-100 p-3 text-sm text-ink-900">
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              Heads up: once you save a new postcode, you can't change it again for {postcodeLockDays} days.
              {firstPostcode && ` ${accountMessages.postcodeCorrectionAllowed}`}
            </span>
          </p>
        )}
        {mayCorrect && !warnAboutLock && (
          <p className="flex gap-2 rounded-xl bg-sand-100 p-3 text-sm text-ink-700">
            <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>{accountMessages.postcodeCorrectionAllowed}</span>
          </p>
        )}
        {!locked && !warnAboutLock && !mayCorrect && (
          <p className="text-sm text-ink-500">
            The state comes from your postcode. Your postcode locks for {postcodeLockDays} days after a change.
          </p>
        )}
      </div>

      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={updateProfile.isPending || place.isFetching}>
        {updateProfile.isPending ? 'Saving…' : 'Save Changes'}
      </Button>

      <ModalDialog
        open={confirmUnlock !== null}
        onClose={() => setConfirmUnlock(null)}
        title="Change your postcode?"
        description={
          confirmUnlock && (
            <p>
              After you save postcode <strong>{postcode}</strong>, you can't change it again until{' '}
              <strong>{formatDateAU(confirmUnlock)}</strong> ({postcodeLockDays} days).
              {firstPostcode && ` ${accountMessages.postcodeCorrectionAllowed}`}
            </p>
          )
        }
      >
        <p className="flex gap-2 text-sm text-ink-700">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          Your postcode sets where your listings show and which neighbours you see.
        </p>
        <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setConfirmUnlock(null)}>
            Cancel
          </Button>
          <Button onClick={save}>Yes, save my new postcode</Button>
        </div>
      </ModalDialog>
    </form>
  );
}
