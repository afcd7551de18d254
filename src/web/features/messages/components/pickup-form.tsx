import { useRef, useState } from 'react';
import type { ProposePickupBody } from '../../../../domain';
import { pickupLimits, pickupMessages, pickupPlaceProblem, pickupTimeProblem } from '../../../../domain/pickups';
import { FormField } from '@/components/form-field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { useClock } from '@/features/messages/hooks/use-clock';
import { isoWithLocalOffset, pickupFieldBounds } from '@/features/messages/pickup-times';
import { InPlaceForm, serverFieldError } from './in-place-form';
import { PickupSafetyAdvice } from './pickup-safety-advice';

type PickupProblems = { at: string | null; place: string | null };
const noProblems: PickupProblems = { at: null, place: null };

/** The server's refusal of the place: a field error, or the banned-word filter (the place is the body's only free text). */
function placeRefusal(error: Error): string | null {
  return serverFieldError(error, 'place') ?? (error instanceof ApiError && error.code === 'CONTENT_FILTERED' ? error.message : null);
}

type PickupFormProps = {
  /** The place of the pickup this one replaces: most changes of plan keep it. */
  initialPlace?: string;
  /** Sends the proposal; rejects with the server's error. */
  submit: (body: ProposePickupBody) => Promise<unknown>;
  onSent: () => void;
  onCancel: () => void;
};

/**
 * A time and a place to meet, with the safety advice beside them: checked here with the server's own
 * rules and words, the time sent with this browser's offset (the field reads the member's own zone).
 */
export function PickupForm({ initialPlace = '', submit, onSent, onCancel }: PickupFormProps) {
  const [time, setTime] = useState('');
  const [place, setPlace] = useState(initialPlace);
  const [problems, setProblems] = useState(noProblems);
  const timeRef = useRef<HTMLInputElement>(null);
  const placeRef = useRef<HTMLInputElement>(null);
  // The field's bounds move on with the clock (none while the page is rendered on the server).
  const { now } = useClock();
  const bounds = now ? pickupFieldBounds(now) : undefined;

  /** Shows why beside each field, the keyboard on the first one refused. */
  const refuse = (found: PickupProblems) => {
    setProblems(found);
    (found.at ? timeRef : placeRef).current?.focus();
  };

  const send = () => {
    // A datetime-local value without an offset is read in this browser's zone; an empty one is no date.
    const at = new Date(time);
    const found = { at: pickupTimeProblem(at, new Date()), place: pickupPlaceProblem(place.trim()) };
    if (found.at || found.place) {
      refuse(found);
      return null;
    }
    setProblems(noProblems);
    return submit({ at: isoWithLocalOffset(at), place: place.trim() });
  };

  const showServerRefusal = (error: Error) => {
    const found = { at: serverFieldError(error, 'at'), place: placeRefusal(error) };
    if (!found.at && !found.place) return false;
    refuse(found);
    return true;
  };

  return (
    <InPlaceForm submitLabel={pickupMessages.sendProposal} sendingLabel={pickupMessages.sending} send={send} showServerRefusal={showServerRefusal} onSent={onSent} onCancel={onCancel}>
      <div className="grid gap-3 @lg:grid-cols-2">
        <FormField label={pickupMessages.timeLabel} hint={pickupMessages.timeHint} error={problems.at ?? undefined}>
          <Input
            ref={timeRef}
            type="datetime-local"
            autoFocus
            min={bounds?.min}
            max={bounds?.max}
            value={time}
            onChange={(event) => {
              setTime(event.target.value);
              if (problems.at) setProblems((current) => ({ ...current, at: null }));
            }}
          />
        </FormField>
        <FormField label={pickupMessages.placeLabel} error={problems.place ?? undefined}>
          <Input
            ref={placeRef}
            maxLength={pickupLimits.placeMax}
            autoComplete="off"
            enterKeyHint="send"
            placeholder={pickupMessages.placePlaceholder}
            value={place}
            onChange={(event) => {
              setPlace(event.target.value);
              if (problems.place) setProblems((current) => ({ ...current, place: null }));
            }}
          />
        </FormField>
      </div>
      <PickupSafetyAdvice className="pt-1.5" />
    </InPlaceForm>
  );
}
