// POST /api/contact-seller: mails the seller the buyer's details (spec 5 and 8).
import { and, count, eq, gt } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { contactLimitPerHour } from '../../domain/limits';
import { listingRuleMessages, uuidPattern } from '../../domain/listing';
import { productName } from '../../domain/product';
import { greetingName } from '../../domain/user';
import { contactMessages, listings, users, type UserRow } from '../db/schema';
import type { ServerDeps } from '../deps';

const tooManyMessages = `You've contacted ${contactLimitPerHour} sellers in the last hour. Please wait a little before sending more.`;

export async function contactSeller(
  deps: ServerDeps,
  input: { buyer: UserRow; listingId: string; message?: string },
): Promise<{ message: string }> {
  const { db } = deps;
  const { buyer } = input;
  if (!buyer.isEmailVerified) throw new AppError('EMAIL_NOT_VERIFIED', listingRuleMessages.emailNotVerifiedToContact);
  if (!uuidPattern.test(input.listingId)) throw new AppError('NOT_FOUND', listingRuleMessages.listingNotFound);

  const [found] = await db
    .select({ listing: listings, seller: users })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.sellerId))
    .where(eq(listings.id, input.listingId))
    .limit(1);
  if (!found) throw new AppError('NOT_FOUND', listingRuleMessages.listingNotFound);
  const { listing, seller } = found;
  if (seller.id === buyer.id) throw new AppError('VALIDATION_FAILED', listingRuleMessages.contactYourself);
  if (!listing.isActive) throw new AppError('VALIDATION_FAILED', listingRuleMessages.contactSold);

  const hourAgo = new Date(deps.clock.now().getTime() - 60 * 60 * 1000);
  const [recent] = await db
    .select({ value: count() })
    .from(contactMessages)
    .where(and(eq(contactMessages.buyerId, buyer.id), gt(contactMessages.createdAt, hourAgo)));
  if (recent.value >= contactLimitPerHour) throw new AppError('RATE_LIMITED', tooManyMessages);

  await db.insert(contactMessages).values({ listingId: listing.id, buyerId: buyer.id, sellerId: seller.id, message: input.message ?? null });

  const buyerName = [buyer.firstName, buyer.lastName?.charAt(0) ? `${buyer.lastName.charAt(0)}.` : null].filter(Boolean).join(' ') || 'A neighbour';
  const lines = [
    `G'day ${greetingName(seller)},`,
    '',
    `${buyerName} is interested in your listing "${listing.title}".`,
    `${deps.config.publicUrl}/listing/${listing.id}`,
    '',
    ...(input.message ? ['Their message:', input.message, ''] : []),
    'Get in touch with them:',
    `Email: ${buyer.email}`,
    ...(buyer.phone && buyer.isPhoneVerified ? [`Phone: ${buyer.phone}`] : []),
    '',
    'Meet somewhere public for pickup and never pay before you have seen the item.',
    `The ${productName} team`,
  ];
  await deps.mail.send({
    to: seller.email,
    subject: `${buyerName} is interested in "${listing.title}"`,
    text: lines.join('\n'),
    replyTo: buyer.email,
  });
  return { message: 'The seller will receive your contact details and get back to you.' };
}
