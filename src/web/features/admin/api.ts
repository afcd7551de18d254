// The admin page's calls (spec sections 4, 7 and 8): each action shows a success or failure toast
// and refreshes what it changed, including the activity log. A form's action ends at its toast, so
// the form clears at once (not after the refresh, when the admin may already be typing again); a
// list's button stays busy until the list shows the change.
import { type QueryClient, keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiResponse, HomepageVideo, MembershipTier, VerificationType } from '../../../domain';
import type { ModerationActionBody } from '../../../domain/moderation-schemas';
import { moderationLabels } from '../../../domain/moderation';
import { adminInsightMessages } from '../../../domain/admin-insights';
import { supportMessages } from '../../../domain/support';
import { closeAccountMessages } from '../../../domain/your-data';
import { callApi, downloadApiFile } from '@/lib/api-client';
import { currentUserQueryKey } from '@/lib/auth';
import { saveFile } from '@/lib/save-file';
import { handleUnauthorizedError } from '@/lib/unauthorized';
import { toast } from '@/lib/use-toast';
import { uploadVideo } from './upload-video';

export type AdminUser = ApiResponse<'listMembers'>['users'][number];
export type AuditEntry = ApiResponse<'listAuditLog'>[number];

export const adminQueryKeys = {
  users: ['/api/admin/users'] as const,
  bannedWords: ['/api/admin/banned-words'] as const,
  homepageVideos: ['/api/admin/homepage-videos'] as const,
  auditLog: ['/api/admin/audit-log'] as const,
  jobs: ['/api/admin/jobs'] as const,
  reports: ['/api/admin/reports'] as const,
  support: ['/api/admin/support'] as const,
  activeVideo: ['/api/homepage-video/active'] as const,
  insights: ['/api/admin/insights'] as const,
};

export const adminUsersPageSize = 20;

export const verifyUser = (body: { userId: string; verificationType: VerificationType }) => callApi('verifyMember', { body });
export const giftMembership = (body: { userEmail: string; membershipTier: MembershipTier }) => callApi('giftMembership', { body });
export const inviteUser = (body: { email: string; membershipTier: MembershipTier }) => callApi('inviteMember', { body });
export const banWord = (word: string) => callApi('banWord', { body: { word } });
export const removeBannedWord = (id: string) => callApi('unbanWord', { params: { id } });
export const activateVideo = (id: string) => callApi('activateHomepageVideo', { params: { id } });
export const deleteVideo = (id: string) => callApi('deleteHomepageVideo', { params: { id } });

/** One page of members (an empty search is left out of the address). */
const fetchUsers = ({ search, page }: { search: string; page: number }) => callApi('listMembers', { query: { page, pageSize: adminUsersPageSize, search } });

export function useAdminUsers({ search, page }: { search: string; page: number }) {
  return useQuery({
    queryKey: [...adminQueryKeys.users, { search, page }],
    queryFn: () => fetchUsers({ search, page }),
    // Paging and searching keep the last page on screen instead of flashing a loading state.
    placeholderData: keepPreviousData,
  });
}

export function useBannedWords() {
  // spec 4: the one query that retries (3 times, backing off from 1 s).
  return useQuery<ApiResponse<'listBannedWords'>>({ queryKey: adminQueryKeys.bannedWords, retry: 3 });
}

export function useHomepageVideos() {
  return useQuery<ApiResponse<'listHomepageVideos'>>({ queryKey: adminQueryKeys.homepageVideos });
}

/** The job queue's state, looked at again every 30 seconds while the card is open. */
export function useJobsSummary() {
  return useQuery<ApiResponse<'getJobsSummary'>>({ queryKey: adminQueryKeys.jobs, refetchInterval: 30_000 });
}

/** A range of calendar days (YYYY-MM-DD), both counted. */
export type InsightRange = { from: string; to: string };

/** The operator's dashboard over a range (decision 50); a new range keeps the last one's charts on screen until it arrives. */
export function useAdminInsights(range: InsightRange) {
  return useQuery({
    queryKey: [...adminQueryKeys.insights, range],
    queryFn: ({ signal }) => callApi('getAdminInsights', { query: range }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The range's days as CSV, fetched with the session's token (a link could not send it), then saved through the browser. */
export async function downloadAdminInsights(range: InsightRange): Promise<void> {
  const { blob, fileName } = await downloadApiFile('downloadAdminInsights', { query: range });
  saveFile(blob, fileName ?? `insights-${range.from}-to-${range.to}.csv`);
}

export function useDownloadAdminInsights() {
  return useMutation({ mutationFn: downloadAdminInsights, onError: (error) => showFailure(adminInsightMessages.downloadFailed, error) });
}

export function useAuditLog() {
  return useQuery<ApiResponse<'listAuditLog'>>({ queryKey: adminQueryKeys.auditLog });
}

function showFailure(title: string, error: Error): void {
  if (handleUnauthorizedError(error)) return;
  toast({ title, description: error.message, variant: 'destructive' });
}

const refresh = (queryClient: QueryClient, ...keys: (readonly unknown[])[]) =>
  Promise.all([...keys, adminQueryKeys.auditLog].map((queryKey) => queryClient.invalidateQueries({ queryKey })));

export function useVerifyUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyUser,
    onSuccess: ({ message }) => {
      toast({ title: 'User Verified', description: message });
      // An admin may verify themselves.
      return refresh(queryClient, adminQueryKeys.users, currentUserQueryKey);
    },
    onError: (error) => showFailure('Verification Failed', error),
  });
}

export function useGiftMembership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: giftMembership,
    onSuccess: ({ message }) => {
      toast({ title: 'Membership Gifted', description: message });
      void refresh(queryClient, adminQueryKeys.users, currentUserQueryKey);
    },
    onError: (error) => showFailure('Failed to Gift Membership', error),
  });
}

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteUser,
    onSuccess: ({ message }) => {
      toast({ title: 'Invitation Prepared', description: message });
      void refresh(queryClient);
    },
    onError: (error) => showFailure('Failed to Create Invitation', error),
  });
}

export function useBanWord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: banWord,
    onSuccess: ({ word }) => {
      toast({ title: 'Word Banned', description: `"${word}" is now blocked in listing titles and descriptions.` });
      void refresh(queryClient, adminQueryKeys.bannedWords);
    },
    onError: (error) => showFailure('Failed to Ban Word', error),
  });
}

export function useRemoveBannedWord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeBannedWord,
    onSuccess: ({ message }) => {
      toast({ title: 'Word Removed', description: message });
      return refresh(queryClient, adminQueryKeys.bannedWords);
    },
    onError: (error) => showFailure('Failed to Remove Word', error),
  });
}

const refreshVideos = (queryClient: QueryClient) => refresh(queryClient, adminQueryKeys.homepageVideos, adminQueryKeys.activeVideo);

export function useUploadVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadVideo,
    onSuccess: (video) => {
      toast({ title: 'Video Uploaded', description: `"${video.displayName}" is now the homepage video.` });
      void refreshVideos(queryClient);
    },
    onError: (error) => showFailure('Failed to Upload Video', error),
  });
}

export function useActivateVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activateVideo,
    onSuccess: (video) => {
      toast({ title: 'Video Activated', description: `"${video.displayName}" is now the homepage video.` });
      return refreshVideos(queryClient);
    },
    onError: (error) => showFailure('Failed to Activate Video', error),
  });
}

export function useDeleteVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (video: HomepageVideo) => deleteVideo(video.id),
    onSuccess: (_, video) => {
      toast({ title: 'Video Deleted', description: `"${video.displayName}" has been removed.` });
      return refreshVideos(queryClient);
    },
    onError: (error) => showFailure('Failed to Delete Video', error),
  });
}

export type ReportStatus = 'open' | 'closed';

/** The open reports (or those dealt with), grouped by what they are about (GET /api/admin/reports?status=). */
export function useReportQueue(status: ReportStatus) {
  return useQuery({ queryKey: [...adminQueryKeys.reports, status], queryFn: ({ signal }) => callApi('listReports', { query: { status } }, { signal }) });
}

export const actOnReport = ({ reportId, body }: { reportId: string; body: ModerationActionBody }) => callApi('actOnReport', { params: { id: reportId }, body });
export const liftSuspension = (memberId: string) => callApi('liftSuspension', { params: { id: memberId } });

/** An action closes the group's reports: the queue, the members list and the activity log show it. */
export function useActOnReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: actOnReport,
    onSuccess: ({ message }) => {
      toast({ title: message });
      return refresh(queryClient, adminQueryKeys.reports, adminQueryKeys.users);
    },
    onError: (error) => {
      showFailure(moderationLabels.actionFailed, error);
      // Dealt with meanwhile (by another admin): the queue shows what is left.
      void queryClient.invalidateQueries({ queryKey: adminQueryKeys.reports });
    },
  });
}

export function useLiftSuspension() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: liftSuspension,
    onSuccess: ({ message }) => {
      toast({ title: message });
      return refresh(queryClient, adminQueryKeys.reports, adminQueryKeys.users);
    },
    onError: (error) => showFailure(moderationLabels.liftFailed, error),
  });
}

export const closeMemberAccount = ({ memberId, reason }: { memberId: string; reason: string }) => callApi('closeMemberAccount', { params: { id: memberId }, body: { reason } });

/** Closing a member's account (decision 37): the members list shows it closed, the activity log says why. */
export function useCloseMemberAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeMemberAccount,
    onSuccess: ({ message }) => {
      toast({ title: message });
      return refresh(queryClient, adminQueryKeys.users, adminQueryKeys.reports);
    },
    onError: (error) => showFailure(closeAccountMessages.closeFailedTitle, error),
  });
}

export type SupportRequest = ApiResponse<'listSupportRequests'>[number];

/** The support inbox (decision 32): open messages first, by plan, then the oldest; then the latest answered. */
export function useSupportInbox() {
  return useQuery<ApiResponse<'listSupportRequests'>>({ queryKey: adminQueryKeys.support });
}

export const replyToSupportRequest = ({ requestId, message }: { requestId: string; message: string }) =>
  callApi('replyToSupportRequest', { params: { id: requestId }, body: { message } });

/** A reply answers the message: the inbox and the activity log show it. */
export function useReplyToSupportRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyToSupportRequest,
    onSuccess: ({ message }) => {
      toast({ title: supportMessages.replySent, description: message });
      return refresh(queryClient, adminQueryKeys.support);
    },
    onError: (error) => showFailure(supportMessages.replyFailed, error),
  });
}
