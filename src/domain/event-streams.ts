// The live event stream's own numbers and words (decision 27): how many streams one member and one
// address may hold open, and what a tab is told when its stream is replaced or refused.

/**
 * Streams held open at once on one app server. Each holds a socket and checks its session now and
 * then, so neither a member nor an address may open them without end.
 */
export const eventStreamLimits = {
  /** One member's tabs and devices, a few tabs' worth: a stream past it replaces the member's oldest. */
  perMember: 6,
  /** Every member behind one address (a household, an office, a phone network): past it a new stream is refused. */
  perAddress: 50,
} as const;

/**
 * The last event of a stream ended for a newer one of the same member: the tab should not reconnect
 * by itself (it would end another of the member's streams, and that one another).
 */
export const replacedStreamEvent = 'replaced';

export const eventStreamMessages = {
  /** No bearer token, or a ticket that is forged, expired or already used. */
  ticketInvalid: 'Your live updates have expired. Reload the page to reconnect.',
  tooManyStreams: 'Too many pages on your network are getting live updates right now. Close a few tabs, or try again in a few minutes.',
} as const;
