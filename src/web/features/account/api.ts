// The account page's calls (spec sections 2, 5, 7 and 8, and your data: decision 37) and the toasts that follow each.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { type ApiResponse, type ChangeEmailBody, type ChangePasswordBody, type CurrentUser, type NotificationSettingsBody, type TestCardBody, type UpdateProfileBody, accountSecurityMessages, conversationLimits, insightMessages, productName, smsMessages } from '../../../domain';
import { type CloseAccountBody, type DataExport, closeAccountMessages, dataExportMessages } from '../../../domain/your-data';
import { canChangePostcodeQueryKey, refreshAccountQueries } from '@/shared/account/account-queries';
import { ApiError, callApi, downloadApiFile } from '@/lib/api-client';
import { currentUserQueryKey, endSessionInTab } from '@/lib/auth';
import { saveFile } from '@/lib/save-file';
import { handleUnauthorizedError } from '@/lib/unauthorized';
import { toast } from '@/lib/use-toast';

export const updatePhone = (phone: string) => callApi('updatePhone', { body: { phone } });
export const updateProfile = (body: UpdateProfileBody) => callApi('updateProfile', { body });
export const verifyCard = (body: TestCardBody) => callApi('verifyTestCard', { body });
/** With Stripe: a SetupIntent for the page to confirm with Stripe.js, then its id to be checked with Stripe. */
export const startCardCheck = () => callApi('startCardCheck');
export const confirmCardCheck = (setupIntentId: string) => callApi('confirmCardCheck', { body: { setupIntentId } });

/** Whether the postcode may change now: true or false (canChangePostcodeSchema, shared with the route; the dates are the member's). */
export function useCanChangePostcode() {
  return useQuery<ApiResponse<'canChangePostcode'>>({ queryKey: canChangePostcodeQueryKey });
}

function showFailure(title: string, error: Error): void {
  if (handleUnauthorizedError(error)) return;
  toast({ title, description: error.message, variant: 'destructive' });
}

/** The answer is the updated member: show it at once, then refresh everything that depends on it. */
function useAccountMutation<TInput>(mutationFn: (input: TInput) => Promise<CurrentUser>, success: { title: string; description?: string }, failureTitle: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQueryKey, user);
      toast(success);
      void refreshAccountQueries(queryClient);
    },
    onError: (error) => showFailure(failureTitle, error),
  });
}

export function useUpdatePhone() {
  return useAccountMutation(updatePhone, { title: 'Phone Updated!', description: 'Please verify it to complete setup.' }, 'Phone Update Failed');
}

export function useUpdateProfile() {
  return useAccountMutation(updateProfile, { title: 'Profile Updated!', description: 'Your neighbourhood has been saved.' }, 'Update Failed');
}

/** A card check, with the test provider's form (verifyCard) or Stripe's (confirmCardCheck). */
export function useVerifyCard<TInput>(check: (input: TInput) => Promise<ApiResponse<'verifyTestCard'>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: check,
    onSuccess: ({ message }) => {
      toast({ title: 'Card Verified!', description: message });
      void refreshAccountQueries(queryClient);
    },
    onError: (error) => showFailure('Card Verification Failed', error),
  });
}

/** The mail a member gets when a message waits unread while they are away (decision 15), the weekly summary of their listings (decision 48), and texts to their verified phone (decision 33). */
export const updateNotificationSettings = (body: NotificationSettingsBody) => callApi('updateNotificationSettings', { body });

function settingsToast(sent: NotificationSettingsBody, user: CurrentUser): { title: string; description: string } {
  if (sent.sms !== undefined) return user.smsNotifications && user.phone ? smsMessages.turnedOn(user.phone) : smsMessages.turnedOff;
  if (sent.insightsMail !== undefined) return user.insightsMail ? insightMessages.mailTurnedOn : insightMessages.mailTurnedOff;
  return user.messageMail
    ? { title: 'Message emails on', description: `We'll email you when a message has waited ${conversationLimits.quietMinutes} minutes unread.` }
    : { title: 'Message emails off', description: "You'll still see new messages here, with their count in the header." };
}

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationSettings,
    onSuccess: (user, sent) => {
      queryClient.setQueryData(currentUserQueryKey, user);
      toast(settingsToast(sent, user));
    },
    onError: (error) => showFailure('Update Failed', error),
  });
}

/** Where the account is signed in (/account): this device first. */
export const accountSessionsQueryKey = ['/api/user/sessions'] as const;

export function useAccountSessions() {
  return useQuery<ApiResponse<'listSessions'>>({ queryKey: accountSessionsQueryKey });
}

export const changePassword = (body: ChangePasswordBody) => callApi('changePassword', { body });

/** A new password (or a first one, for a member who joined with Google): the other devices are signed out. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: ({ message }) => {
      const user = queryClient.getQueryData<CurrentUser>(currentUserQueryKey);
      toast({ title: user?.hasPassword === false ? accountSecurityMessages.passwordSetTitle : accountSecurityMessages.passwordChangedTitle, description: message });
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      void queryClient.invalidateQueries({ queryKey: accountSessionsQueryKey });
    },
    onError: (error) => {
      if (handleUnauthorizedError(error)) return;
    },
  });
}

export const endSession = (id: string) => callApi('endSession', { params: { id } });
export const endOtherSessions = () => callApi('endOtherSessions');

/** Signs one other device out. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSuccess: () => toast({ title: accountSecurityMessages.sessionEndedTitle, description: accountSecurityMessages.sessionEnded }),
    onError: (error) => showFailure(accountSecurityMessages.sessionEndFailedTitle, error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSessionsQueryKey }),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSuccess: ({ ended }) => toast({ title: accountSecurityMessages.otherSessionsEndedTitle, description: accountSecurityMessages.otherSessionsEnded(ended) }),
    onError: (error) => showFailure(accountSecurityMessages.sessionEndFailedTitle, error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSessionsQueryKey }),
  });
}

export const requestEmailChange = (body: ChangeEmailBody) => callApi('requestEmailChange', { body });
export const confirmEmailChange = (code: string) => callApi('confirmEmailChange', { body: { code } });

/** A code to the new address; nothing changes until it is entered (useConfirmEmailChange). */
export function useRequestEmailChange() {
  return useMutation({
    mutationFn: requestEmailChange,
    onSuccess: ({ message }) => toast({ title: accountSecurityMessages.emailChangeCodeSentTitle, description: message }),
    onError: (error) => {
      handleUnauthorizedError(error);
    },
  });
}

export function useConfirmEmailChange() {
  return useAccountMutationWithoutFailureToast(confirmEmailChange, (user) => ({ title: accountSecurityMessages.emailChangedTitle, description: accountSecurityMessages.emailChanged(user.email) }));
}

/** The updated member at once, its toast from what came back; failures are the form's to show. */
function useAccountMutationWithoutFailureToast<TInput>(mutationFn: (input: TInput) => Promise<CurrentUser>, success: (user: CurrentUser) => { title: string; description: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQueryKey, user);
      toast(success(user));
      void refreshAccountQueries(queryClient);
    },
    onError: (error) => {
      handleUnauthorizedError(error);
    },
  });
}

/** The member's copies of their data (/account › Your data), newest first, and when another may be asked for. */
export const dataExportsQueryKey = ['/api/user/exports'] as const;

/** While a copy is being prepared, the list is asked for again this often, until none is. */
export const dataExportPollMs = 4_000;

export function useDataExports() {
  return useQuery<ApiResponse<'listDataExports'>>({
    queryKey: dataExportsQueryKey,
    refetchInterval: (query) => (query.state.data?.exports.some((copy) => copy.status === 'preparing') ? dataExportPollMs : false),
  });
}

export const requestDataExport = () => callApi('requestDataExport');

/** A new copy is made by a job: the list shows it as being prepared, and is asked for again until it is ready. */
export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestDataExport,
    onSuccess: () => toast({ title: dataExportMessages.requestedTitle, description: dataExportMessages.requested }),
    onError: (error) => showFailure(dataExportMessages.requestFailedTitle, error),
    // Refused as too soon, the list shows the latest copy and when another may be asked for.
    onSettled: () => queryClient.invalidateQueries({ queryKey: dataExportsQueryKey }),
  });
}

/** The file's name when the server gives none. */
const fallbackExportName = (copy: DataExport) => `${productName.toLowerCase()}-data-${(copy.readyAt ?? copy.requestedAt).slice(0, 10)}.zip`;

/** The ZIP is fetched with the session's token (a link could not send it), then saved through the browser. */
export async function downloadDataExport(copy: DataExport): Promise<void> {
  const { blob, fileName } = await downloadApiFile('downloadDataExport', { params: { id: copy.id } });
  saveFile(blob, fileName ?? fallbackExportName(copy));
}

export function useDownloadDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: downloadDataExport,
    onError: (error) => {
      showFailure(dataExportMessages.downloadFailedTitle, error);
      // Gone meanwhile (a week old): the list stops offering it.
      if (error instanceof ApiError && error.code === 'EXPORT_NOT_FOUND') void queryClient.invalidateQueries({ queryKey: dataExportsQueryKey });
    },
  });
}

export const closeAccount = (body: CloseAccountBody) => callApi('closeAccount', { body });

/**
 * Closing the account ends every session on the server: this tab is signed out as Log out does it,
 * and goes home. A refusal is the form's to show (the password under its field, the rest in a toast).
 */
export function useCloseAccount() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: closeAccount,
    onSuccess: () => {
      endSessionInTab(queryClient);
      navigate('/');
      toast({ title: closeAccountMessages.closedTitle, description: closeAccountMessages.closed });
    },
    onError: (error) => {
      handleUnauthorizedError(error);
    },
  });
}
