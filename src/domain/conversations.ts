// Conversations between a buyer and a seller about one listing: the rules and texts both sides
// share. No zod here (conversation-schemas.ts holds the schemas), so the header's unread count
// costs a page no schema code.
import { listingRuleMessages } from './listing';
import { describeBannedWords } from './text-filter';

export const conversationLimits = {
  /** Characters one message may hold. */
  messageMax: 2000,
  /** New conversations one member may start in an hour (the contact-seller form starts one too). */
  newPerHour: 20,
  /** Messages a minute in one conversation, from both sides together. */
  messagesPerMinute: 60,
  /** Messages one page of a thread holds; older ones load on demand. */
  threadPageSize: 50,
  /** Conversations one page of the inbox holds, the newest first; older ones load on demand. */
  inboxPageSize: 50,
  /** A message unread this long (and the member away) earns the one notification mail. */
  quietMinutes: 5,
} as const;

export const conversationMessages = {
  messageRequired: 'Write a message first.',
  messageTooLong: `Keep your message under ${conversationLimits.messageMax.toLocaleString('en-AU')} characters.`,
  messageControlCharacter: "Your message contains a character that can't be sent (an invisible control character). Remove it and try again.",
  signInToMessage: listingRuleMessages.contactSignedOut,
  ownListing: listingRuleMessages.contactYourself,
  listingSold: 'This item has been sold',
  listingGone: 'This listing has been deleted, so the conversation is closed.',
  listingPaused: "This listing isn't available right now.",
  blocked: "You can't message this member",
  conversationNotFound: 'This conversation does not exist, or you are not part of it.',
  inboxCursorInvalid: 'That page of your messages could not be found. Please open your messages again.',
  threadCursorInvalid: 'That page of this conversation could not be found. Please open the conversation again.',
  memberNotFound: 'That member does not exist.',
  blockYourself: "You can't block yourself.",
  tooManyConversations: `You've started ${conversationLimits.newPerHour} conversations in the last hour. Please wait a little before messaging more sellers.`,
  tooManyMessages: 'That is a lot of messages in a minute. Please wait a moment before sending more.',
  soldToUnknownConversation: 'Choose one of the buyers who messaged you about this listing.',
  sent: 'Message sent',
  /** The answer of POST /api/contact-seller: the conversation is where the reply comes. */
  contactSent: "Message sent. The seller's reply will appear in your messages.",
  blockedToast: 'Member blocked',
  unblockedToast: 'Member unblocked',
  /** What the listing page's "Message seller" box starts with; the buyer can change it before sending. */
  firstMessageSuggestion: 'Hi, is this still available?',
} as const;

/**
 * The seller's answers to "is this still available?", sent with one tap from the conversation
 * (decision 43). Each is an ordinary message: the same limits and scam checks as any other.
 */
export const sellerQuickReplies = ["Yes, it's available", "It's on hold", "Sorry, it's sold"] as const;

/** Control characters other than tab and line breaks: invisible, and each grows sixfold when a message travels as JSON. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const controlCharacter = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** Whether a message holds a character it may not (checked wherever a message is written). */
export function hasControlCharacter(text: string): boolean {
  return controlCharacter.test(text);
}

/**
 * Why a message's text (trimmed) cannot be sent, in the member's words, or null: the one rule the
 * server's schema (conversation-schemas.ts) and the composer both apply. Plain, so the page that
 * shows a composer does not download the schema library for it.
 */
export function messageTextProblem(trimmed: string): string | null {
  if (trimmed.length === 0) return conversationMessages.messageRequired;
  if (trimmed.length > conversationLimits.messageMax) return conversationMessages.messageTooLong;
  if (hasControlCharacter(trimmed)) return conversationMessages.messageControlCharacter;
  return null;
}

/** A message the banned-word filter refused, naming the words (the listing filter's own sentence speaks of a listing). */
export function bannedWordsInMessage(words: readonly string[]): string {
  return describeBannedWords('message', words);
}

/** The first message when the contact-seller form sends none. */
export function askIfAvailable(listingTitle: string): string {
  return `Hi, is "${listingTitle}" still available?`;
}

/** Why a message carries a safety tip for the member who receives it. */
export type SafetyConcern = 'contactDetails' | 'payIdFee' | 'giftCards' | 'courierPayment' | 'depositFirst';

/** The tip the receiver sees under a message, in the order they are checked (the most serious first). */
export const safetyTips: Record<SafetyConcern, string> = {
  payIdFee: "PayID never charges a fee to 'upgrade' an account or to receive money. Anyone asking you to pay one is running a scam.",
  giftCards: 'No genuine buyer or seller asks to be paid in gift cards or vouchers. Never send gift card codes.',
  courierPayment:
    "Be wary of a buyer who can't come in person and sends a courier, a driver or a relative to collect after paying you. Meet face to face and hand the item over only when the money has cleared.",
  depositFirst: "Never pay a deposit or anything else before you've seen the item in person.",
  contactDetails:
    'This message shares contact details or a link. Keep the conversation here until you have met, and never open a link that asks you to sign in or pay.',
};

const concernPatterns: [SafetyConcern, RegExp][] = [
  ['payIdFee', /\bpay\s*-?\s*id\b[\s\S]{0,80}\b(upgrade|business\s+account|fee|limit|unlock|verif)|\b(upgrade|business\s+account)\b[\s\S]{0,80}\bpay\s*-?\s*id\b/i],
  ['giftCards', /\b(gift\s*-?\s*cards?|itunes\s+cards?|google\s+play\s+cards?|steam\s+cards?|apple\s+gift|e-?vouchers?|vouchers?\s+codes?)\b/i],
  [
    'courierPayment',
    /\b(courier|shipping\s+(company|agent)|removalist|freight\s+company)\b|\bmy\s+(cousin|brother|sister|son|daughter|friend|uncle|aunt|mum|mom|dad|husband|wife|driver|mover|agent|assistant)\s+(will|can|is\s+going\s+to|to)\s+(pick|collect|come|get)/i,
  ],
  [
    'depositFirst',
    // Asking for money ahead: "pay a deposit", "deposit to hold it", "pay up front"; not "no deposit needed".
    /\b(pay|send|transfer|put\s+down|leave|need|require)\w*\b[\s\S]{0,30}\b(deposit|holding\s+fee)\b|\b(deposit|holding\s+fee)\b[\s\S]{0,30}\b(first|up\s*front|in\s+advance|before|to\s+(hold|secure|reserve))\b|\bpay\s+(first|up\s*front|in\s+advance|before\s+(you|i|we)\s+(see|come|pick|collect|inspect))\b/i,
  ],
];

const linkPattern = /\bhttps?:\/\/|\bwww\.|\b[a-z0-9-]{2,}\.(com|net|org|au|io|ly|me|info|biz|xyz|app|link|site|online|shop|co|page|top|click)\b/i;
const emailPattern = /[^\s@]+@[^\s@]+\.[a-z]{2,}|\b[a-z0-9._-]+\s*(\(|\[)?\s*at\s*(\)|\])?\s*(gmail|hotmail|outlook|yahoo|icloud|bigpond|live)\b/i;
/** Eight or more digits in a run that spaces, dots, dashes or brackets break up: a phone number, however written. */
const phonePattern = /(\+?\d[\s().-]*){8,}/;

/** The concerns a message raises, or none. Reads the text as written; the banned-word filter is separate. */
export function findSafetyConcerns(text: string): SafetyConcern[] {
  const found: SafetyConcern[] = concernPatterns.filter(([, pattern]) => pattern.test(text)).map(([concern]) => concern);
  if (linkPattern.test(text) || emailPattern.test(text) || phonePattern.test(text)) found.push('contactDetails');
  return found;
}

/** The one tip shown with a message (the most serious concern's), or null. */
export function safetyTipFor(text: string): string | null {
  const [first] = findSafetyConcerns(text);
  return first ? safetyTips[first] : null;
}

/**
 * What a member sees of a listing in their conversations: `reservedForYou` is held for this
 * conversation's buyer, `reserved` for another buyer's (decision 46).
 */
export const conversationListingStatuses = ['active', 'reserved', 'reservedForYou', 'paused', 'sold', 'soldToYou', 'deleted'] as const;
export type ConversationListingStatus = (typeof conversationListingStatuses)[number];

/** The line a conversation shows under its header for the listing's state, or null while it is for sale. */
export function listingStatusNotice(status: ConversationListingStatus, viewerIsSeller: boolean): string | null {
  if (status === 'soldToYou') return viewerIsSeller ? 'You sold this item to this buyer.' : 'The seller marked this item as sold to you.';
  if (status === 'sold') return conversationMessages.listingSold;
  if (status === 'deleted') return conversationMessages.listingGone;
  if (status === 'paused') return conversationMessages.listingPaused;
  if (status === 'reservedForYou') return viewerIsSeller ? "You're holding this item for this buyer." : 'The seller is holding this item for you.';
  if (status === 'reserved') return viewerIsSeller ? "You're holding this item for another buyer." : 'This item is on hold for another buyer. You can still message the seller.';
  return null;
}

/** The event stream's event names (conversation-schemas.ts types their data). */
export const memberEventTypes = ['message', 'read', 'conversation'] as const;
export type MemberEventType = (typeof memberEventTypes)[number];
