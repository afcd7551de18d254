// Arranging the pickup (decision 47): once an offer is accepted, either member proposes a time and
// a place, the other confirms it or proposes another, and both are reminded an hour before. The
// agreed pickup shows at the top of the thread. No zod here (conversation-schemas.ts holds the
// schema): the thread shows these words without it.
import { stateTimeZones } from './saved-searches';

export const pickupLimits = {
  placeMin: 3,
  placeMax: 200,
  /** A pickup is at least this far ahead when proposed, so the other member has time to confirm. */
  minLeadMinutes: 30,
  /** And at most this far ahead. */
  maxAheadDays: 30,
  /** Both members are reminded this long before. */
  reminderMinutes: 60,
  /** Proposals in one conversation in a day, from both sides together. */
  proposalsPerConversationPerDay: 10,
  /** Calls of each pickup address one member may make in an hour (write-limits.ts). */
  callsPerHour: 30,
} as const;

/** `proposed` waits for the other member; `confirmed` is agreed; `replaced` gave way to a newer proposal. */
export const pickupStatuses = ['proposed', 'confirmed', 'replaced'] as const;
export type PickupStatus = (typeof pickupStatuses)[number];

export const pickupMessages = {
  timeRequired: 'Choose a day and time to meet.',
  timeTooSoon: `Choose a time at least ${pickupLimits.minLeadMinutes} minutes from now.`,
  timeTooFar: `Choose a time within the next ${pickupLimits.maxAheadDays} days.`,
  placeRequired: 'Say where to meet.',
  placeTooShort: `Say where to meet in at least ${pickupLimits.placeMin} characters.`,
  placeTooLong: `Keep the place under ${pickupLimits.placeMax} characters.`,
  offerFirst: 'Agree on a price first: a pickup is arranged once an offer is accepted.',
  notFound: 'This pickup does not exist, or it is not part of your conversations.',
  notYoursToConfirm: "You proposed this pickup, so it is the other member's to confirm. You can propose another.",
  replaced: 'This pickup was replaced by a newer proposal.',
  alreadyConfirmed: 'This pickup is already confirmed.',
  tooMany: `That is ${pickupLimits.proposalsPerConversationPerDay} pickup proposals in this conversation today. Talk it over in messages, or try again tomorrow.`,
  /** Beside every proposal, and in the reminder: the safety page's advice on meeting. */
  safetyAdvice: 'Meet in a busy public place, such as a shopping centre, a café or a well-lit car park in daylight. Bring someone along, or tell a friend where you are going.',
  // The toasts of each step, for the member who took it.
  proposed: 'Pickup proposed',
  confirmed: 'Pickup confirmed',
  // The thread's pickup, at its top (the status of a confirmed one is `confirmed`).
  panelLabel: 'Pickup',
  arrangePrompt: 'Offer accepted. Agree on a time and a place to meet.',
  arrangeButton: 'Arrange pickup',
  confirmButton: 'Confirm pickup',
  proposeAnother: 'Propose another time',
  details: 'Pickup details',
  proposedByOther: (name: string) => `Proposed by ${name} — waiting for you to confirm`,
  waitingFor: (name: string) => `Waiting for ${name} to confirm`,
  /** The time in the viewer's own zone, when it reads otherwise than in the listing's. */
  yourTime: (time: string) => `Your time: ${time}`,
  // The proposal form.
  timeLabel: 'Day and time',
  timeHint: `In your own time zone, from ${pickupLimits.minLeadMinutes} minutes to ${pickupLimits.maxAheadDays} days from now.`,
  placeLabel: 'Where to meet',
  placePlaceholder: 'e.g. outside the local library',
  sendProposal: 'Send proposal',
  sending: 'Sending…',
} as const;

/** Where the time zone of a pickup comes from: the listing's state, else Sydney's. */
export function pickupTimeZone(state: string | null): string {
  return (state && stateTimeZones[state]) || 'Australia/Sydney';
}

// Made once per zone: building a format costs far more than using it.
const formats = new Map<string, Intl.DateTimeFormat>();

/** "Sat 5 Dec, 10:00 am AEDT": a pickup's time as both members read it in the thread, mails and texts. */
export function pickupTimeText(at: Date, timeZone: string): string {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-AU', { weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit', hour12: true, timeZone, timeZoneName: 'short' });
    formats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));
  return `${parts.weekday} ${parts.day} ${parts.month}, ${parts.hour}:${parts.minute} ${String(parts.dayPeriod).toLowerCase()} ${parts.timeZoneName}`;
}

/** The line each step writes in the thread. */
export function pickupLine(step: 'proposed' | 'confirmed', when: string, place: string): string {
  return step === 'proposed' ? `Proposed a pickup on ${when} at ${place}` : `Confirmed the pickup on ${when} at ${place}`;
}

/** Why a pickup cannot be at `at` when proposed at `now`, or null. */
export function pickupTimeProblem(at: Date, now: Date): string | null {
  if (Number.isNaN(at.getTime())) return pickupMessages.timeRequired;
  if (at.getTime() < now.getTime() + pickupLimits.minLeadMinutes * 60_000) return pickupMessages.timeTooSoon;
  if (at.getTime() > now.getTime() + pickupLimits.maxAheadDays * 24 * 60 * 60_000) return pickupMessages.timeTooFar;
  return null;
}

/** Why a place (trimmed) cannot be proposed, or null. */
export function pickupPlaceProblem(trimmed: string): string | null {
  if (trimmed.length === 0) return pickupMessages.placeRequired;
  if (trimmed.length < pickupLimits.placeMin) return pickupMessages.placeTooShort;
  if (trimmed.length > pickupLimits.placeMax) return pickupMessages.placeTooLong;
  return null;
}

/** The reminder's subject and lines, by mail; the text's words are in sms-notifications.ts. */
export const pickupReminderMail = {
  subject: (listingTitle: string) => `Pickup in an hour: "${listingTitle}"`,
  lead: (listingTitle: string, otherName: string, when: string, place: string) => `Your pickup of "${listingTitle}" with ${otherName} is at ${when}, at ${place}.`,
} as const;
