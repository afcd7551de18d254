// The admin's moderation queue: reports grouped by what they are about; listings whose seller asked
// for a review first, then by how many trusted reporters (one per network) there are, then the most
// reported and newest (decision 26); each group with its listing or member, the reasons, the reporters' badges and, for
// a reported conversation, its messages (the only way an admin reads one).
import { desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { suspensionOf, type ReportTargetKind } from '../../domain/moderation';
import type { ReportGroup } from '../../domain/moderation-schemas';
import { rulesForTier } from '../../domain/tiers';
import { listings, messages, ratings, reports, users } from '../db/schema';
import type { ServerDeps } from '../deps';

/** Groups in one answer; the rest wait until these are dealt with. */
const groupsShown = 100;
/** A reported conversation's newest messages shown to the admin. */
const messagesShown = 100;

const reporters = alias(users, 'reporter');

export async function listReportGroups(deps: Pick<ServerDeps, 'db' | 'clock'>, input: { status: 'open' | 'closed' }): Promise<ReportGroup[]> {
  const now = deps.clock.now();
  const rows = await deps.db
    .select({ report: reports, reporter: reporters })
    .from(reports)
    .innerJoin(reporters, eq(reporters.id, reports.reporterId))
    .where(eq(reports.status, input.status))
    .orderBy(desc(reports.createdAt))
    .limit(groupsShown * 10);

  const groups = new Map<string, { kind: ReportTargetKind; targetId: string; targetMemberId: string | null; rows: typeof rows }>();
  for (const row of rows) {
    const key = `${row.report.targetKind}:${row.report.targetId}`;
    const group = groups.get(key) ?? { kind: row.report.targetKind, targetId: row.report.targetId, targetMemberId: row.report.targetMemberId, rows: [] };
    group.rows.push(row);
    groups.set(key, group);
  }
  const listingIds = [...groups.values()].filter((group) => group.kind === 'listing').map((group) => group.targetId);
  const listingRows = listingIds.length ? await deps.db.select().from(listings).where(inArray(listings.id, listingIds)) : [];
  const listingById = new Map(listingRows.map((row) => [row.id, row]));
  const trustedOf = (group: { rows: typeof rows }) => new Set(group.rows.filter((row) => row.report.reporterTrusted).map((row) => row.report.reporterNetwork ?? row.report.reporterId)).size;
  const reviewAsked = (group: { kind: ReportTargetKind; targetId: string }) => (group.kind === 'listing' && listingById.get(group.targetId)?.reviewRequestedAt ? 1 : 0);
  const ordered = [...groups.values()]
    .sort(
      (a, b) =>
        reviewAsked(b) - reviewAsked(a) ||
        trustedOf(b) - trustedOf(a) ||
        b.rows.length - a.rows.length ||
        b.rows[0].report.createdAt.getTime() - a.rows[0].report.createdAt.getTime(),
    )
    .slice(0, groupsShown);

  const idsOf = (kind: ReportTargetKind) => ordered.filter((group) => group.kind === kind).map((group) => group.targetId);
  const memberIds = [...new Set(ordered.map((group) => group.targetMemberId).filter((id): id is string => id !== null))];
  const [ratingRows, memberRows] = await Promise.all([
    idsOf('rating').length ? deps.db.select().from(ratings).where(inArray(ratings.id, idsOf('rating'))) : [],
    memberIds.length ? deps.db.select().from(users).where(inArray(users.id, memberIds)) : [],
  ]);
  const ratingById = new Map(ratingRows.map((row) => [row.id, row]));
  const memberById = new Map(memberRows.map((row) => [row.id, row]));

  return Promise.all(
    ordered.map(async (group): Promise<ReportGroup> => {
      const listing = group.kind === 'listing' ? listingById.get(group.targetId) : undefined;
      const rating = group.kind === 'rating' ? ratingById.get(group.targetId) : undefined;
      const member = group.targetMemberId ? memberById.get(group.targetMemberId) : undefined;
      return {
        targetKind: group.kind,
        targetId: group.targetId,
        reportId: group.rows[0].report.id,
        reportCount: group.rows.length,
        trustedReporterCount: trustedOf(group),
        newestAt: group.rows[0].report.createdAt.toISOString(),
        reports: group.rows.map(({ report, reporter }) => ({
          id: report.id,
          reason: report.reason,
          details: report.details,
          createdAt: report.createdAt.toISOString(),
          status: report.status,
          reporterTrusted: report.reporterTrusted,
          reporter: {
            id: reporter.id,
            firstName: reporter.firstName,
            lastName: reporter.lastName,
            isEmailVerified: reporter.isEmailVerified,
            isPhoneVerified: reporter.isPhoneVerified,
            isCardVerified: reporter.isCardVerified,
          },
        })),
        member: member
          ? {
              id: member.id,
              firstName: member.firstName,
              lastName: member.lastName,
              email: member.email,
              membershipTier: rulesForTier(member.membershipTier).tier,
              ...suspensionOf(member, now),
            }
          : null,
        listing: listing
          ? {
              id: listing.id,
              title: listing.title,
              price: listing.price,
              imageUrl: listing.imageUrls[0] ?? null,
              hiddenReason: listing.hiddenReason,
              isActive: listing.isActive,
              reviewRequested: listing.reviewRequestedAt !== null,
            }
          : null,
        rating: rating ? { id: rating.id, stars: rating.stars, comment: rating.comment, removed: rating.removedAt !== null } : null,
        messages: group.kind === 'conversation' ? await conversationMessages(deps, group.targetId) : null,
      };
    }),
  );
}

async function conversationMessages(deps: Pick<ServerDeps, 'db'>, conversationId: string): Promise<NonNullable<ReportGroup['messages']>> {
  const rows = await deps.db
    .select({ senderId: messages.senderId, body: messages.body, createdAt: messages.createdAt, firstName: users.firstName, lastName: users.lastName })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.senderId))
    .where(eq(messages.conversationId, conversationId))
    .orderBy(desc(messages.id))
    .limit(messagesShown);
  return rows.reverse().map((row) => ({
    senderId: row.senderId,
    senderName: [row.firstName, row.lastName ? `${row.lastName[0]}.` : null].filter(Boolean).join(' ') || 'A member',
    body: row.body,
    createdAt: row.createdAt.toISOString(),
  }));
}
