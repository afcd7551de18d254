// What other features (and app.ts, main.ts) may use of conversations: the routes, starting one
// (the contact-seller form does), storing a message and telling both members (offers and pickups
// write their steps so), a conversation as a member sees it, what a reconnecting event stream missed, and the sweep that mails members who are away.
export { announce } from './announce';
export { announceConversations, announceListingConversations, listingConversationMembers, type TalkingMembers } from './listing-conversations';
export { mailAwayMembers, shortName } from './conversation-mails';
export { listMissedMessages } from './read-conversation';
export { conversationRoutes } from './routes';
export { assertNoBannedWords, sendMessage, storeMessage, type StoredMessage } from './send-message';
export { findConversationSummary } from './conversation-view';
export { startConversation } from './start-conversation';
