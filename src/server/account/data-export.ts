// A copy of a member's data (decision 37): asked for on /account (one a day), made by the
// data-export job into a ZIP (a readable data.json and the listings' photos) kept in media storage
// under a private key, mailed when ready, downloaded by that member alone for a week, then removed.
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { and, asc, desc, eq, gt, inArray, lte, or } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { productName } from '../../domain/product';
import { describeDevice } from '../../domain/account-security';
import { formatCents } from '../../domain/tiers';
import {
  dataExportGiveUpMinutes,
  dataExportIntervalHours,
  dataExportValidityDays,
  type DataExport,
  type DataExports,
} from '../../domain/your-data';
import { greetingName } from '../../domain/user';
import type { Database } from '../db/open-database';
import {
  conversations,
  dataExports,
  favourites,
  listings,
  messages,
  offers,
  ratings,
  reports,
  savedSearches,
  sessions,
  subscriptions,
  supportRequests,
  users,
} from '../db/schema';
import type { ServerDeps } from '../deps';
import type { MailMessage } from '../services/mail-message';
import { mediaKeyFromUrl, openStored, privateFolder } from '../services/storage';

const hourMs = 60 * 60 * 1000;
const dayMs = 24 * hourMs;

type ExportRow = typeof dataExports.$inferSelect;

function statusOf(row: ExportRow, now: Date): DataExport['status'] {
  if (row.readyAt) return 'ready';
  return now.getTime() - row.createdAt.getTime() > dataExportGiveUpMinutes * 60_000 ? 'failed' : 'preparing';
}

function toDataExport(row: ExportRow, now: Date): DataExport {
  return {
    id: row.id,
    status: statusOf(row, now),
    requestedAt: row.createdAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    bytes: row.bytes ?? null,
  };
}

/** The member's copies that can still be downloaded or are being made (or failed in the last day), newest first. */
async function currentExports(db: Database, memberId: string, now: Date): Promise<ExportRow[]> {
  return db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.userId, memberId), or(gt(dataExports.expiresAt, now), gt(dataExports.createdAt, new Date(now.getTime() - dayMs)))))
    .orderBy(desc(dataExports.createdAt))
    .limit(5);
}

/** When the member may ask again: a day after their last copy that did not fail. */
function nextRequestAt(rows: readonly ExportRow[], now: Date): Date | null {
  const latest = rows.find((row) => statusOf(row, now) !== 'failed');
  if (!latest) return null;
  const next = new Date(latest.createdAt.getTime() + dataExportIntervalHours * hourMs);
  return next > now ? next : null;
}

export async function listDataExports(deps: ServerDeps, input: { memberId: string }): Promise<DataExports> {
  const now = deps.clock.now();
  const rows = await currentExports(deps.db, input.memberId, now);
  return { exports: rows.map((row) => toDataExport(row, now)), nextRequestAt: nextRequestAt(rows, now)?.toISOString() ?? null };
}

/**
 * Queues a copy. One a day whatever the member does (a copy that failed does not count): the job
 * reads every row and photo of the account, which a loop must not make the servers redo. The
 * member's row is locked while it checks, so two requests at once make one copy.
 */
export async function requestDataExport(deps: ServerDeps, input: { memberId: string }): Promise<DataExport> {
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, input.memberId)).for('update');
    const rows = await currentExports(tx, input.memberId, now);
    if (nextRequestAt(rows, now)) throw new AppError('EXPORT_TOO_SOON');
    const [created] = await tx.insert(dataExports).values({ userId: input.memberId, createdAt: now }).returning();
    return created;
  });
  await deps.jobs.send('data-export', { exportId: row.id });
  return toDataExport(row, now);
}

/** The member's own ready copy, as a stream to download; another member's, an expired or unknown one is "not found". */
export async function openDataExport(deps: ServerDeps, input: { memberId: string; exportId: string }): Promise<{ file: Readable; bytes: number | null; fileName: string }> {
  const now = deps.clock.now();
  const [row] = await deps.db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, input.exportId), eq(dataExports.userId, input.memberId)))
    .limit(1);
  if (!row || (row.expiresAt && row.expiresAt <= now)) throw new AppError('EXPORT_NOT_FOUND');
  if (!row.storageKey || !row.readyAt) throw new AppError(statusOf(row, now) === 'failed' ? 'EXPORT_NOT_FOUND' : 'EXPORT_NOT_READY');
  const file = await openStored(deps.storage, row.storageKey);
  if (!file) throw new AppError('EXPORT_NOT_FOUND');
  return { file, bytes: row.bytes, fileName: `${productName.toLowerCase()}-data-${row.readyAt.toISOString().slice(0, 10)}.zip` };
}

/** What data.json holds: everything the account has, in words a member reads. */
async function collectMemberData(db: Database, memberId: string, now: Date) {
  const [member] = await db.select().from(users).where(eq(users.id, memberId)).limit(1);
  if (!member) return null;
  const [ownListings, plans, memberConversations, given, received, saved, searches, reported, support, signedIn] = await Promise.all([
    db.select().from(listings).where(eq(listings.sellerId, memberId)).orderBy(asc(listings.createdAt)),
    db.select().from(subscriptions).where(eq(subscriptions.userId, memberId)).orderBy(asc(subscriptions.createdAt)),
    db
      .select()
      .from(conversations)
      .where(or(eq(conversations.buyerId, memberId), eq(conversations.sellerId, memberId)))
      .orderBy(asc(conversations.createdAt)),
    db.select().from(ratings).where(eq(ratings.raterId, memberId)).orderBy(asc(ratings.createdAt)),
    db.select().from(ratings).where(eq(ratings.rateeId, memberId)).orderBy(asc(ratings.createdAt)),
    db
      .select({ savedAt: favourites.createdAt, priceWhenSaved: favourites.priceWhenSaved, listingId: listings.id, title: listings.title, price: listings.price })
      .from(favourites)
      .innerJoin(listings, eq(listings.id, favourites.listingId))
      .where(eq(favourites.userId, memberId))
      .orderBy(asc(favourites.createdAt)),
    db.select().from(savedSearches).where(eq(savedSearches.userId, memberId)).orderBy(asc(savedSearches.createdAt)),
    db.select().from(reports).where(eq(reports.reporterId, memberId)).orderBy(asc(reports.createdAt)),
    db.select().from(supportRequests).where(eq(supportRequests.memberId, memberId)).orderBy(asc(supportRequests.createdAt)),
    db.select().from(sessions).where(and(eq(sessions.userId, memberId), gt(sessions.expire, now))).orderBy(asc(sessions.createdAt)),
  ]);
  const otherIds = [...new Set([...memberConversations.map((c) => (c.buyerId === memberId ? c.sellerId : c.buyerId)), ...given.map((r) => r.rateeId), ...received.map((r) => r.raterId)])];
  const others = otherIds.length === 0 ? [] : await db.select({ id: users.id, firstName: users.firstName }).from(users).where(inArray(users.id, otherIds));
  const nameOf = new Map(others.map((other) => [other.id, other.firstName ?? 'A member']));
  const threadMessages =
    memberConversations.length === 0
      ? []
      : await db
          .select()
          .from(messages)
          .where(inArray(messages.conversationId, memberConversations.map((c) => c.id)))
          .orderBy(asc(messages.id));
  const threadOffers =
    memberConversations.length === 0
      ? []
      : await db
          .select()
          .from(offers)
          .where(inArray(offers.conversationId, memberConversations.map((c) => c.id)))
          .orderBy(asc(offers.createdAt));
  // Each thread's messages, in order, gathered once.
  const messagesOf = new Map<string, (typeof threadMessages)[number][]>();
  for (const message of threadMessages) {
    const thread = messagesOf.get(message.conversationId);
    if (thread) thread.push(message);
    else messagesOf.set(message.conversationId, [message]);
  }
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  const listingStatus = (listing: (typeof ownListings)[number]) =>
    listing.soldAt ? 'sold' : listing.hiddenAt ? 'hidden' : listing.pausedAt ? 'paused' : listing.isActive ? 'active' : 'inactive';

  return {
    member,
    listings: ownListings,
    data: {
      about: `Your data from ${productName}, as it was on ${now.toISOString()}. Photos are in the photos folder, one folder per listing.`,
      profile: {
        email: member.email,
        firstName: member.firstName,
        lastName: member.lastName,
        phone: member.phone,
        postcode: member.postcode,
        suburb: member.suburb,
        state: member.state,
        signsInWith: member.googleId ? (member.password ? 'email and password, or Google' : 'Google') : 'email and password',
        emailVerified: member.isEmailVerified,
        phoneVerified: member.isPhoneVerified,
        cardVerified: member.isCardVerified,
        messageMail: member.messageMail,
        insightsMail: member.insightsMail,
        textsTo: member.smsPhone,
        joinedAt: iso(member.createdAt),
      },
      plan: {
        current: member.membershipTier,
        freeMonthEnds: iso(member.trialEndDate),
        payments: plans.map((plan) => ({
          plan: plan.tier,
          status: plan.status,
          amount: `${formatCents(plan.amountCents)} AUD a year`,
          amountCents: plan.amountCents,
          paidUntil: iso(plan.currentPeriodEnd),
          startedAt: iso(plan.createdAt),
          changingTo: plan.scheduledTier,
        })),
      },
      listings: ownListings.map((listing) => ({
        id: listing.id,
        title: listing.title,
        description: listing.description,
        price: listing.price,
        category: listing.category,
        condition: listing.condition,
        location: listing.location,
        postcode: listing.postcode,
        status: listingStatus(listing),
        listedAt: iso(listing.listedAt),
        createdAt: iso(listing.createdAt),
        soldAt: iso(listing.soldAt),
        photos: listing.imageUrls.map((url, index) => photoPath(listing.id, index, url)),
      })),
      conversations: memberConversations.map((conversation) => {
        const otherId = conversation.buyerId === memberId ? conversation.sellerId : conversation.buyerId;
        return {
          listing: conversation.listingTitle,
          you: conversation.buyerId === memberId ? 'buyer' : 'seller',
          with: nameOf.get(otherId) ?? 'A member',
          startedAt: iso(conversation.createdAt),
          messages: (messagesOf.get(conversation.id) ?? []).map((message) => ({
            from: message.senderId === memberId ? 'you' : (nameOf.get(otherId) ?? 'A member'),
            text: message.body,
            sentAt: iso(message.createdAt),
          })),
          offers: threadOffers
            .filter((offer) => offer.conversationId === conversation.id)
            .map((offer) => ({
              by: offer.madeBy === memberId ? 'you' : (nameOf.get(otherId) ?? 'A member'),
              amount: offer.amount,
              status: offer.status === 'open' && offer.expiresAt <= now ? 'expired' : offer.status,
              madeAt: iso(offer.createdAt),
              expiresAt: iso(offer.expiresAt),
              answeredAt: iso(offer.answeredAt),
            })),
        };
      }),
      ratings: {
        given: given.map((rating) => ({ listing: rating.listingTitle, to: nameOf.get(rating.rateeId) ?? 'A member', as: rating.raterRole, stars: rating.stars, comment: rating.comment, reply: rating.reply, at: iso(rating.createdAt) })),
        received: received.map((rating) => ({
          listing: rating.listingTitle,
          from: nameOf.get(rating.raterId) ?? 'A member',
          as: rating.raterRole,
          stars: rating.stars,
          comment: rating.comment,
          yourReply: rating.reply,
          removedByOurTeam: rating.removedAt !== null,
          at: iso(rating.createdAt),
        })),
      },
      favourites: saved.map((favourite) => ({ listing: favourite.title, listingId: favourite.listingId, price: favourite.price, priceWhenSaved: favourite.priceWhenSaved, savedAt: iso(favourite.savedAt) })),
      savedSearches: searches.map((search) => ({ name: search.name, filters: search.query, alerts: search.frequency, mailOn: search.mailEnabled, savedAt: iso(search.createdAt) })),
      reportsMade: reported.map((report) => ({ about: report.targetKind, reason: report.reason, details: report.details, status: report.status, outcome: report.action, at: iso(report.createdAt) })),
      messagesToOurTeam: support.map((request) => ({ name: request.name, email: request.email, message: request.message, answeredAt: iso(request.answeredAt), at: iso(request.createdAt) })),
      signedIn: signedIn.map((session) => ({ device: describeDevice(session.userAgent), since: iso(session.createdAt), lastUsed: iso(session.lastUsedAt ?? session.createdAt) })),
    },
  };
}

function photoPath(listingId: string, index: number, url: string): string {
  const extension = path.extname(url).replace(/[^.a-z0-9]/gi, '') || '.jpg';
  return `photos/${listingId}/${index + 1}${extension}`;
}

/**
 * Writes the ZIP to a temporary file, chunk by chunk (photos are streamed from storage, never held
 * whole), so the upload that follows reads a finished file at its own pace.
 */
async function writeZip(target: string, entries: { data: unknown; photos: { path: string; key: string }[] }, open: (key: string) => Promise<Readable | null>): Promise<void> {
  const out = createWriteStream(target);
  let failure: unknown = null;
  out.on('error', (error) => (failure = error));
  const zip = new Zip((error, chunk, final) => {
    if (error) failure = error;
    else {
      out.write(chunk);
      if (final) out.end();
    }
  });
  const drained = async () => {
    if (failure) throw failure;
    if (out.writableNeedDrain) await once(out, 'drain');
  };
  const json = new ZipDeflate('data.json', { level: 6 });
  zip.add(json);
  json.push(new TextEncoder().encode(`${JSON.stringify(entries.data, null, 2)}\n`), true);
  await drained();
  for (const photo of entries.photos) {
    const source = await open(photo.key);
    if (!source) continue;
    // Photos are already compressed (JPEG, WebP): stored as they are.
    const entry = new ZipPassThrough(photo.path);
    zip.add(entry);
    for await (const chunk of source) {
      entry.push(chunk as Uint8Array);
      await drained();
    }
    entry.push(new Uint8Array(0), true);
    await drained();
  }
  zip.end();
  if (!out.writableFinished) await once(out, 'finish');
  if (failure) throw failure;
}

function dataReadyMail(input: { to: string; firstName: string | null; publicUrl: string; expiresAt: Date }): MailMessage {
  return {
    to: input.to,
    subject: `Your ${productName} data is ready to download`,
    text: [
      `G'day ${greetingName(input)},`,
      '',
      'The copy of your data you asked for is ready. Download it from your account page (sign in first if you need to):',
      `${input.publicUrl}/account#your-data`,
      '',
      `It can be downloaded for ${dataExportValidityDays} days, until ${input.expiresAt.toUTCString()}, and only while you are signed in to your account.`,
      "If you didn't ask for it, change your password from the same page.",
      '',
      `The ${productName} team`,
    ].join('\n'),
  };
}

/** The data-export job: builds the ZIP, stores it, marks the copy ready and mails the member. */
export async function buildDataExport(deps: ServerDeps, input: { exportId: string }): Promise<void> {
  const [row] = await deps.db.select().from(dataExports).where(eq(dataExports.id, input.exportId)).limit(1);
  // Gone (the account closed meanwhile) or already made by an earlier try.
  if (!row || row.readyAt) return;
  const now = deps.clock.now();
  const collected = await collectMemberData(deps.db, row.userId, now);
  if (!collected || collected.member.closedAt) return;
  const photos = collected.listings.flatMap((listing) =>
    listing.imageUrls.flatMap((url, index) => {
      const key = mediaKeyFromUrl(url);
      return key ? [{ path: photoPath(listing.id, index, url), key }] : [];
    }),
  );
  const temporary = path.join(tmpdir(), `data-export-${randomUUID()}.zip`);
  const key = `${privateFolder}/${randomUUID()}.zip`;
  try {
    await writeZip(temporary, { data: collected.data, photos }, (photoKey) => openStored(deps.storage, photoKey));
    await deps.storage.putStream(key, createReadStream(temporary), 'application/zip');
    const { size } = await stat(temporary);
    const readyAt = deps.clock.now();
    const expiresAt = new Date(readyAt.getTime() + dataExportValidityDays * dayMs);
    const [marked] = await deps.db
      .update(dataExports)
      .set({ storageKey: key, bytes: size, readyAt, expiresAt })
      .where(and(eq(dataExports.id, row.id), eq(dataExports.userId, row.userId)))
      .returning({ id: dataExports.id });
    // The account closed while the file was written: nothing is kept of it.
    if (!marked) {
      await deps.storage.remove(key);
      return;
    }
    await deps.mail.send(dataReadyMail({ to: collected.member.email, firstName: collected.member.firstName, publicUrl: deps.config.publicUrl, expiresAt }));
  } finally {
    await rm(temporary, { force: true });
  }
}

/** Copies whose week is over, and copies that never finished, go (file and row): every hour. Says how many went. */
export async function removeExpiredDataExports(deps: Pick<ServerDeps, 'db' | 'storage' | 'clock' | 'log'>): Promise<number> {
  const now = deps.clock.now();
  const expired = await deps.db
    .select({ id: dataExports.id, storageKey: dataExports.storageKey })
    .from(dataExports)
    .where(or(lte(dataExports.expiresAt, now), lte(dataExports.createdAt, new Date(now.getTime() - (dataExportValidityDays + 1) * dayMs))))
    .limit(500);
  let removed = 0;
  for (const row of expired) {
    try {
      if (row.storageKey) await deps.storage.remove(row.storageKey);
    } catch (error) {
      deps.log.warn({ err: error, key: row.storageKey }, 'an expired data export could not be removed; the next run tries again');
      continue;
    }
    await deps.db.delete(dataExports).where(eq(dataExports.id, row.id));
    removed += 1;
  }
  return removed;
}

/** Every copy of a member's data, file and row (the account is closing). */
export async function removeMemberDataExports(deps: Pick<ServerDeps, 'db' | 'storage' | 'log'>, memberId: string): Promise<void> {
  const rows = await deps.db.delete(dataExports).where(eq(dataExports.userId, memberId)).returning({ storageKey: dataExports.storageKey });
  for (const row of rows) {
    if (row.storageKey) await deps.storage.remove(row.storageKey).catch((error: unknown) => deps.log.warn({ err: error, key: row.storageKey }, 'a closed account’s data export could not be removed'));
  }
}
