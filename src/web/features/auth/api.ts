// The sign-in page's calls (spec sections 4, 7 and 8) and what happens after each.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import {
  type ApiResponse,
  googleSignInProblemPath,
  type LoginBody,
  type RegisterBody,
  type ResetConfirmBody,
  type ResetRequestBody,
  type ResetVerifyCodeBody,
  productName,
} from '../../../domain';
import { callApi } from '@/lib/api-client';
import { currentUserQueryKey, startSession } from '@/lib/auth';
import { storeAuthToken } from '@/lib/auth-token';
import { readReturnPath } from '@/lib/return-path';
import { toast } from '@/lib/use-toast';
import { timings } from '../../../domain/timings';

/** spec 9: reload after register or reset about 800 ms. */
const reloadDelayMs = timings.reloadAfterAuthMs;

/** An admin's invitation behind /auth?invite=TOKEN (GET /api/invitations/:token; 404 when used or expired). */
export function useInvitation(token: string | null) {
  return useQuery<ApiResponse<'getInvitation'>>({ queryKey: ['/api/invitations', encodeURIComponent(token ?? '')], enabled: Boolean(token) });
}

export const loginMember = (body: LoginBody) => callApi('signIn', { body });
export const registerMember = (body: RegisterBody) => callApi('register', { body });
export const requestPasswordReset = (body: ResetRequestBody) => callApi('requestPasswordReset', { body });
export const verifyResetCode = (body: ResetVerifyCodeBody) => callApi('verifyResetCode', { body });
export const confirmPasswordReset = (body: ResetConfirmBody) => callApi('confirmPasswordReset', { body });
/** The session a Google sign-in left for this page, in its HttpOnly cookie: it can be picked up once. */
export const pickUpGoogleSession = () => callApi('pickUpGoogleSession');

function showFailure(title: string, error: Error, fallback?: string): void {
  toast({ title, description: error.message || fallback, variant: 'destructive' });
}

export function useLogin() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  // A "Sign in" link from another page (/auth?next=/listing/1) comes back to it.
  const returnPath = readReturnPath(useSearch());
  return useMutation({
    mutationFn: loginMember,
    onSuccess: async (session) => {
      startSession(queryClient, session);
      await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      toast({ title: 'Welcome back!', description: 'Login successful!' });
      // Signed in, /auth itself already sends the member to the page it names: this one replaces it.
      if (returnPath) navigate(returnPath, { replace: true });
      else navigate('/');
    },
    onError: (error) => showFailure('Login Failed', error, 'Please check your email and password'),
  });
}

// spec 4: register and the last reset step store the token and reload; the form stays busy until then.
export function useRegister() {
  return useMutation({
    mutationFn: registerMember,
    onSuccess: ({ token }) => {
      storeAuthToken(token, { quiet: true });
      toast({ title: `Welcome to ${productName}!` });
      setTimeout(() => window.location.reload(), reloadDelayMs);
    },
    onError: (error) => showFailure('Registration Failed', error),
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: requestPasswordReset,
    onSuccess: () => toast({ title: 'Reset code sent!', description: 'Check your email for the 6-digit reset code' }),
    onError: (error) => showFailure('Reset Failed', error),
  });
}

export function useVerifyResetCode() {
  return useMutation({
    mutationFn: verifyResetCode,
    onSuccess: () => toast({ title: 'Code verified!', description: 'Now set your new password' }),
    onError: (error) => showFailure('Verification Failed', error),
  });
}

export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: confirmPasswordReset,
    onSuccess: ({ token }) => {
      storeAuthToken(token, { quiet: true });
      toast({ title: 'Password updated!', description: 'Redirecting to your dashboard...' });
      setTimeout(() => window.location.assign('/dashboard'), reloadDelayMs);
    },
    onError: (error) => showFailure('Reset Failed', error),
  });
}

/**
 * One pick-up per page load: React's strict mode runs an effect twice, and the sign-in's cookie
 * answers only once.
 */
let googlePickUp: Promise<ApiResponse<'pickUpGoogleSession'>> | null = null;

/**
 * The landing page of a Google sign-in (decision 11): picks up the session, then, as signing in
 * does (spec 4), stores the token, refreshes the current user, says welcome (the joining welcome for
 * a new member) and goes home. A sign-in that cannot be picked up goes back to /auth saying why.
 */
export function useGoogleSignInHandOff() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  useEffect(() => {
    let current = true;
    googlePickUp ??= pickUpGoogleSession();
    googlePickUp.then(
      (session) => {
        if (!current) return;
        googlePickUp = null;
        // Home first, in the same render as the session: the members' routes never show this page.
        navigate('/', { replace: true });
        startSession(queryClient, session);
        void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
        toast(session.isNewMember ? { title: `Welcome to ${productName}!` } : { title: 'Welcome back!', description: 'Login successful!' });
      },
      () => {
        if (!current) return;
        googlePickUp = null;
        navigate(googleSignInProblemPath('expired'), { replace: true });
      },
    );
    return () => {
      current = false;
    };
  }, [navigate, queryClient]);
}
