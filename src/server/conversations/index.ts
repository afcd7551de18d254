// What other features (and app.ts, main.ts) may use of conversations: the routes, starting one
// (the contact-seller form does), storing a message and telling both members (offers write their
// steps so), what a reconnecting event stream missed, and the sweep that mails members who are away.
export { announce } from './announce';
export { announceConversations, announceListingConversations, listingConversationMembers, type TalkingMembers } from './listing-conversations';
export { mailAwayMembers } from './conversation-mails';
export { listMissedMessages } from './read-conversation';
export { conversationRoutes } from './routes';
export { storeMessage, type StoredMessage } from './send-message';
export { startConversation } from './start-conversation';
