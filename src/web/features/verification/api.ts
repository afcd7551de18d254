// Email and phone verification calls (spec sections 4, 7 and 8) and the toasts that follow each.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountMessages, errorMessages } from '../../../domain';
import { refreshAccountQueries } from '@/shared/account/account-queries';
import { ApiError, callApi } from '@/lib/api-client';
import { handleUnauthorizedError } from '@/lib/unauthorized';
import { toast } from '@/lib/use-toast';
import { timings } from '../../../domain/timings';

/** spec 9: verification redirects 2000 ms. */
export const verificationRedirectDelayMs = timings.verificationRedirectMs;

export const sendVerificationEmail = () => callApi('sendVerificationEmail');
export const verifyEmail = (code: string) => callApi('verifyEmail', { body: { code } });
/** Texts a code to the number given (international form). */
export const sendPhoneCode = (phone: string) => callApi('sendPhoneCode', { body: { phone } });
export const verifyPhone = (code: string) => callApi('verifyPhone', { body: { code } });

function showFailure(title: string, description: string): void {
  toast({ title, description, variant: 'destructive' });
}

export function useSendVerificationEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendVerificationEmail,
    onSuccess: ({ message }) => toast({ title: 'Verification Email Sent!', description: message }),
    onError: (error) => {
      if (handleUnauthorizedError(error)) return;
      showFailure('Failed to Send Email', error.message);
      // Verified elsewhere meanwhile (another tab, an admin): show that.
      if (error instanceof ApiError && error.code === 'EMAIL_ALREADY_VERIFIED') void refreshAccountQueries(queryClient);
    },
  });
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: ({ message }) => {
      toast({ title: 'Email Verified!', description: message });
      // Not awaited: the page shows its own confirmation at once, not the "already verified" one.
      void refreshAccountQueries(queryClient);
    },
    onError: (error) => {
      if (handleUnauthorizedError(error)) return;
      showFailure('Verification Failed', error.message || 'Please check your code and try again.');
    },
  });
}

export function useSendPhoneCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendPhoneCode,
    onSuccess: () => toast({ title: 'Code Sent!', description: 'Please check your phone for the verification code.' }),
    onError: (error) => {
      if (handleUnauthorizedError(error)) return;
      showFailure('Error Sending Code', error.message || 'Failed to send verification code. Please try again.');
      // The email is not verified after all, or the phone already is: the page follows the fresh
      // status. A number taken by another account changes nothing here, so no refresh for it.
      if (error instanceof ApiError && (error.code === 'EMAIL_NOT_VERIFIED' || error.code === 'PHONE_ALREADY_VERIFIED')) void refreshAccountQueries(queryClient);
    },
  });
}

/** spec 8: a wrong code has its own words; running out of tries keeps the server's. */
function describeWrongCode(error: ApiError): string {
  return error.message === errorMessages.tooManyCodeAttempts ? error.message : accountMessages.phoneCodeWrong;
}

export function useVerifyPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyPhone,
    onSuccess: () => {
      toast({ title: 'Phone Verified!', description: 'Your phone number has been successfully verified.' });
      void refreshAccountQueries(queryClient);
    },
    onError: (error) => {
      if (handleUnauthorizedError(error)) return;
      if (error instanceof ApiError && error.code === 'INVALID_CODE') {
        showFailure(accountMessages.invalidCodeTitle, describeWrongCode(error));
        return;
      }
      // Another account verified the number between sending the code and checking it.
      if (error instanceof ApiError && error.code === 'PHONE_IN_USE') {
        showFailure('Verification Error', error.message);
        return;
      }
      showFailure('Verification Error', 'Failed to update verification status. Please try again.');
    },
  });
}
