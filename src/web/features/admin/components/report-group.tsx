import { Package } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { formatPrice, locale, thumbnailUrl } from '../../../../domain';
import { type ModerationAction, moderationActionLabels, moderationLabels, reportReasonLabels } from '../../../../domain/moderation';
import type { ReportGroup } from '../../../../domain/moderation-schemas';
import { Button } from '@/components/ui/button';
import { useLiftSuspension } from '@/features/admin/api';
import { MemberBadges } from '@/shared/account/member-badges';
import { StarRow } from '@/shared/ratings/rating-summary';
import { ReportActionDialog } from './report-action-dialog';

type ReportedMember = NonNullable<ReportGroup['member']>;

const formatWhen = (iso: string) => new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
const fullName = (person: { firstName: string | null; lastName: string | null }) => [person.firstName, person.lastName].filter(Boolean).join(' ');

/** The actions that fit what was reported: a listing can be hidden, a rating removed, the member behind either warned or suspended. */
export function actionsFor(group: ReportGroup): ModerationAction[] {
  const actions: ModerationAction[] = ['dismiss'];
  if (group.targetKind === 'listing' && group.listing && group.listing.hiddenReason !== 'moderator') actions.push('hide-listing');
  if (group.targetKind === 'rating' && group.rating && !group.rating.removed) actions.push('remove-rating');
  if (group.member) actions.push('warn', 'suspend');
  return actions;
}

/** One reported thing: what it is, the member behind it, what each reporter said, and what the admin may do (while its reports are open). */
export function ReportGroupItem({ group, canAct = true }: { group: ReportGroup; canAct?: boolean }) {
  const [action, setAction] = useState<ModerationAction | null>(null);
  return (
    <li className="min-w-0 rounded-xl border border-sand-200 p-4 sm:p-5">
      <article aria-label={`${moderationLabels.targetKinds[group.targetKind]}: ${moderationLabels.reportCount(group.reportCount)}`} className="space-y-4">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <span className="rounded-full bg-sand-100 px-2.5 py-0.5 text-xs font-bold tracking-wide text-ink-700 uppercase">{moderationLabels.targetKinds[group.targetKind]}</span>
          <span className="font-semibold text-brand-700">{moderationLabels.reportCount(group.reportCount)}</span>
          {group.trustedReporterCount > 0 && <span className="font-semibold text-ink-700">{moderationLabels.trustedCount(group.trustedReporterCount)}</span>}
          {group.listing?.reviewRequested && (
            <span className="rounded-full bg-sun-300 px-2.5 py-0.5 text-xs font-bold text-ink-900">{moderationLabels.reviewRequestedTag}</span>
          )}
          <time dateTime={group.newestAt} className="text-ink-500">
            {formatWhen(group.newestAt)}
          </time>
        </div>

        <ReportedThing group={group} />
        {group.member && <MemberLine member={group.member} role={moderationLabels.memberRoles[group.targetKind]} />}

        <div>
          <h3 className="text-sm font-bold text-ink-700">{moderationLabels.reportsTitle}</h3>
          <ul className="mt-2 divide-y divide-sand-200 rounded-xl bg-sand-50 px-3">
            {group.reports.map((report) => (
              <li key={report.id} className="space-y-1 py-2.5 text-sm">
                <p className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="font-semibold">{reportReasonLabels[report.reason]}</span>
                  <time dateTime={report.createdAt} className="text-xs text-ink-500">
                    {formatWhen(report.createdAt)}
                  </time>
                </p>
                {report.details && <p className="whitespace-pre-wrap break-words text-ink-700">{report.details}</p>}
                <p className="flex flex-wrap items-center gap-1.5 text-ink-500">
                  {moderationLabels.reportedBy} <span className="font-semibold wrap-anywhere text-ink-900">{fullName(report.reporter)}</span>
                  <MemberBadges member={report.reporter} />
                  {report.reporterTrusted && (
                    <span title={moderationLabels.trustedReporterHint} className="rounded-full bg-leaf-100 px-2 py-0.5 text-xs font-bold text-leaf-800">
                      {moderationLabels.trustedReporter}
                    </span>
                  )}
                </p>
              </li>
            ))}
          </ul>
        </div>

        {canAct && (
          <div>
            <h3 className="sr-only">{moderationLabels.actionsTitle}</h3>
            <div className="flex flex-wrap gap-2">
              {actionsFor(group).map((name) => (
                <Button key={name} variant={name === 'dismiss' || name === 'warn' ? 'secondary' : 'primary'} onClick={() => setAction(name)}>
                  {moderationActionLabels[name]}
                </Button>
              ))}
            </div>
          </div>
        )}
      </article>
      {canAct && <ReportActionDialog group={group} action={action} onClose={() => setAction(null)} />}
    </li>
  );
}

function ReportedThing({ group }: { group: ReportGroup }) {
  if (group.targetKind === 'listing') {
    const { listing } = group;
    if (!listing) return <p className="text-sm text-ink-500">{moderationLabels.listingGone}</p>;
    return (
      <div className="flex items-center gap-3">
        <span className="inline-flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-sand-100 text-ink-500">
          {listing.imageUrl ? <img src={thumbnailUrl(listing.imageUrl)} alt="" className="size-full object-cover" /> : <Package className="size-6" aria-hidden="true" />}
        </span>
        <div className="min-w-0">
          <Link href={`/listing/${listing.id}`} className="font-bold break-words text-ink-900 hover:text-brand-700 hover:underline">
            {listing.title}
          </Link>
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-extrabold text-brand-700">{formatPrice(listing.price)}</span>
            {listing.hiddenReason && <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-bold text-white uppercase">{moderationLabels.listingHiddenTag}</span>}
          </p>
        </div>
      </div>
    );
  }
  if (group.targetKind === 'rating') {
    const { rating } = group;
    if (!rating) return <p className="text-sm text-ink-500">{moderationLabels.ratingGone}</p>;
    return (
      <div className="space-y-1 rounded-xl border border-sand-200 p-3">
        <StarRow stars={rating.stars} />
        <p className="whitespace-pre-wrap break-words">{rating.comment ?? moderationLabels.noComment}</p>
        {rating.removed && <p className="text-sm font-semibold text-brand-700">{moderationLabels.ratingRemoved}</p>}
      </div>
    );
  }
  if (group.targetKind === 'conversation') {
    const messages = group.messages ?? [];
    return (
      <div>
        <h3 className="text-sm font-bold text-ink-700">{moderationLabels.conversationTitle}</h3>
        {messages.length === 0 ? (
          <p className="mt-1 text-sm text-ink-500">{moderationLabels.noMessages}</p>
        ) : (
          // Scrolls at a small height; tabIndex lets keyboard users scroll it.
          <ol tabIndex={0} aria-label={moderationLabels.conversationTitle} className="mt-2 max-h-64 space-y-2 overflow-y-auto rounded-xl border border-sand-200 bg-sand-50 p-3">
            {messages.map((message, index) => (
              <li key={`${message.createdAt}-${index}`} className="text-sm">
                <p className="flex flex-wrap items-baseline gap-x-2">
                  <span className="font-semibold">{message.senderName}</span>
                  <time dateTime={message.createdAt} className="text-xs text-ink-500">
                    {formatWhen(message.createdAt)}
                  </time>
                </p>
                <p className="whitespace-pre-wrap break-words text-ink-700">{message.body}</p>
              </li>
            ))}
          </ol>
        )}
      </div>
    );
  }
  return null;
}

/** Who the reports are about, whether they are suspended (and until when), and the way to lift it. */
function MemberLine({ member, role }: { member: ReportedMember; role: string }) {
  const lift = useLiftSuspension();
  const until = member.suspendedUntil ? new Date(member.suspendedUntil) : null;
  const suspension = member.suspendedForGood ? moderationLabels.suspendedForGood : until && until > new Date() ? moderationLabels.suspendedUntil(until) : null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-sand-200 px-3 py-2.5">
      <p className="min-w-0 text-sm">
        <span className="text-ink-500">{role}: </span>
        <span className="font-semibold break-words">{fullName(member)}</span>{' '}
        <span className="wrap-anywhere text-ink-500">({member.email})</span>
        {suspension && <span className="mt-1 block font-semibold text-brand-700">{suspension}</span>}
      </p>
      {suspension && (
        <Button variant="secondary" disabled={lift.isPending} onClick={() => lift.mutate(member.id)}>
          {moderationLabels.liftSuspension}
        </Button>
      )}
    </div>
  );
}

