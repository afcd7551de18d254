// POST /api/contact-seller (spec 7): the listing page's first message to a seller. It starts (or
// continues) the conversation of this listing and buyer, where the seller's reply comes; the
// seller's mail no longer carries the buyer's email or phone (conversations/conversation-mails.ts).
import { conversationMessages } from '../../domain/conversations';
import type { UserRow } from '../db/schema';
import type { ServerDeps } from '../deps';
import { startConversation } from '../conversations';

export async function contactSeller(deps: ServerDeps, input: { buyer: UserRow; listingId: string; message?: string }): Promise<{ message: string; conversationId: string }> {
  const started = await startConversation(deps, { buyer: input.buyer, listingId: input.listingId, message: input.message?.trim() || undefined });
  return { message: conversationMessages.contactSent, conversationId: started.conversation.id };
}
