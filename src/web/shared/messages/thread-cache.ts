// A thread as the query cache holds it: pages of GET /api/conversations/:id/messages, newest page
// first (useInfiniteQuery: "Load earlier messages" adds a page after the others), each page oldest
// message first. Messages this tab is still sending sit at the end of the newest page until the
// server answers. These functions are pure: the event stream, the composer and the tests use them.
import type { InfiniteData } from '@tanstack/react-query';
import type { ConversationMessage } from '../../../domain';
import type { OfferStatus } from '../../../domain/offers';

/** A message of the thread; `localStatus` marks one this tab is still sending (its id is made up here). */
export type ThreadMessage = ConversationMessage & { localStatus?: 'sending' };
/** The cursor of a page: the id of the message the page ends before, or null for the newest page. */
export type ThreadPageParam = string | null;
export type ThreadData = InfiniteData<ThreadMessage[], ThreadPageParam>;

const localIdPrefix = 'local-';
let localCounter = 0;

export function isLocalMessage(message: ThreadMessage): boolean {
  return message.localStatus === 'sending';
}

/** A message as it shows while it is on its way: mine, unread, with an id no server message has. */
export function makeLocalMessage({ conversationId, senderId, body, now = new Date() }: { conversationId: string; senderId: string; body: string; now?: Date }): ThreadMessage {
  localCounter += 1;
  return { id: `${localIdPrefix}${localCounter}`, conversationId, senderId, body, createdAt: now.toISOString(), safetyTip: null, isRead: false, offer: null, localStatus: 'sending' };
}

/** A thread of one page (the answer of starting a conversation, or an empty thread). */
export function threadOf(messages: ThreadMessage[]): ThreadData {
  return { pages: [messages], pageParams: [null] };
}

/** The whole thread, oldest first. */
export function threadMessages(data: ThreadData | undefined): ThreadMessage[] {
  if (!data) return [];
  return data.pages.slice().reverse().flat();
}

/** Message ids are one growing number (decision 15): compared as numbers, not as text. */
const idOrder = (message: ThreadMessage) => Number(message.id);

/** The newest page with `message` in its place: server messages by id, messages still sending last. */
function placeInPage(page: ThreadMessage[], message: ThreadMessage): ThreadMessage[] {
  const sent = page.filter((each) => !isLocalMessage(each));
  const sending = page.filter(isLocalMessage);
  let index = sent.length;
  while (index > 0 && idOrder(sent[index - 1]) > idOrder(message)) index -= 1;
  return [...sent.slice(0, index), message, ...sent.slice(index), ...sending];
}

function withNewestPage(data: ThreadData, page: ThreadMessage[]): ThreadData {
  return { ...data, pages: [page, ...data.pages.slice(1)] };
}

function hasMessage(data: ThreadData, id: string): boolean {
  return data.pages.some((page) => page.some((message) => message.id === id));
}

/**
 * A message from the server (the event stream, or the answer to a send): added once, in id order.
 * My own message that arrives by the stream before the send's answer takes the place of the first
 * message still sending with the same words.
 */
export function addServerMessage(data: ThreadData, message: ConversationMessage, viewerId: string): ThreadData {
  if (hasMessage(data, message.id)) return data;
  const [newest = [], ...older] = data.pages;
  // A step of an offer is never one the composer sends, whatever its words.
  const stillSending = message.senderId === viewerId && message.offer === null ? newest.findIndex((each) => isLocalMessage(each) && each.body === message.body) : -1;
  const page = stillSending === -1 ? newest : newest.filter((_, index) => index !== stillSending);
  const added = { ...data, pages: [placeInPage(page, message), ...older] };
  return message.offer ? settleOfferStatuses(added) : added;
}

/**
 * Every message of an offer reads the offer's state now (decision 45), so the buttons of an
 * answered offer go from its card, live, on both sides. A step's message carries the offer as it was
 * when it was written, and an offer's state changes once, from open: any of its messages that says
 * it is closed is right. A counter-offer is a new offer, and its message does not name the one it
 * answers; a conversation has one open offer at a time, so the offer still open before a
 * counter-offer is the one it countered.
 */
export function settleOfferStatuses(data: ThreadData): ThreadData {
  const closed = new Map<string, OfferStatus>();
  const newestMessageOf = new Map<string, number>();
  let newestCounter: { messageId: number; offerId: string } | undefined;
  for (const message of data.pages.flat()) {
    if (!message.offer || isLocalMessage(message)) continue;
    const { id, status, step } = message.offer;
    const messageId = idOrder(message);
    if (status !== 'open') closed.set(id, status);
    newestMessageOf.set(id, Math.max(messageId, newestMessageOf.get(id) ?? messageId));
    if (step === 'counter' && (!newestCounter || messageId > newestCounter.messageId)) newestCounter = { messageId, offerId: id };
  }
  const statusOf = (offerId: string): OfferStatus => {
    const status = closed.get(offerId);
    if (status) return status;
    const countered = newestCounter && newestCounter.offerId !== offerId && newestCounter.messageId > (newestMessageOf.get(offerId) ?? 0);
    return countered ? 'countered' : 'open';
  };
  let changed = false;
  const pages = data.pages.map((page) =>
    page.map((message) => {
      if (!message.offer || isLocalMessage(message)) return message;
      const status = statusOf(message.offer.id);
      if (status === message.offer.status) return message;
      changed = true;
      return { ...message, offer: { ...message.offer, status } };
    }),
  );
  return changed ? { ...data, pages } : data;
}

/** A message this tab starts sending: shown at once at the end. */
export function addLocalMessage(data: ThreadData, message: ThreadMessage): ThreadData {
  const [newest = []] = data.pages;
  return withNewestPage(data, [...newest, message]);
}

/** A send that failed: its message leaves the thread (its words go back to the composer). */
export function removeLocalMessage(data: ThreadData, localId: string): ThreadData {
  const [newest = []] = data.pages;
  if (!newest.some((message) => message.id === localId)) return data;
  return withNewestPage(
    data,
    newest.filter((message) => message.id !== localId),
  );
}

/** The server took a message: the one still sending becomes it (unless the stream brought it first). */
export function confirmLocalMessage(data: ThreadData, localId: string, message: ConversationMessage, viewerId: string): ThreadData {
  const withoutLocal = removeLocalMessage(data, localId);
  return addServerMessage(withoutLocal, message, viewerId);
}

/** The other member has read the conversation up to a message: my messages up to it show "Read". */
export function markMyMessagesRead(data: ThreadData, viewerId: string, upToMessageId: string): ThreadData {
  const upTo = Number(upToMessageId);
  let changed = false;
  const pages = data.pages.map((page) =>
    page.map((message) => {
      if (message.isRead || message.senderId !== viewerId || isLocalMessage(message) || Number(message.id) > upTo) return message;
      changed = true;
      return { ...message, isRead: true };
    }),
  );
  return changed ? { ...data, pages } : data;
}

/** The id before which the next older page ends, or undefined when the oldest page has come. */
export function olderPageParam(page: ThreadMessage[], pageSize: number): ThreadPageParam | undefined {
  const sent = page.filter((message) => !isLocalMessage(message));
  if (sent.length < pageSize) return undefined;
  return sent[0].id;
}
