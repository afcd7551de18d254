// "Continue with Google" (decision 11): the redirect to Google, Google's return, and the landing
// page's pick-up of its session. The first two are pages the browser navigates to, so whatever
// goes wrong there sends it back to /auth with the reason rather than answering with an error body.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isAppError } from '../../domain/errors';
import { googleSignInPaths, googleSignInProblemPath, type GoogleSignInProblem } from '../../domain/google-sign-in';
import { abuseLimits } from '../../domain/limits';
import { withRequestLog, type ServerDeps } from '../deps';
import { endpoint } from '../http/endpoint';
import { createGoogleIdentityProvider, GoogleSignInRefused } from './google-identity-provider';
import { recordGoogleHandOff } from './google-hand-off';
import { createGoogleSignInCookie } from './google-sign-in-cookie';
import { pickUpGoogleSession } from './pick-up-google-session';
import { sessionOriginOf } from './sessions';
import { signInWithGoogle } from './sign-in-with-google';

function problemOf(error: unknown): GoogleSignInProblem {
  if (error instanceof GoogleSignInRefused) return error.problem;
  if (isAppError(error) && error.code === 'RATE_LIMITED') return 'rate-limited';
  return 'provider-error';
}

function queryStringOf(url: string): string {
  const queryStart = url.indexOf('?');
  return queryStart === -1 ? '' : url.slice(queryStart);
}

export const googleSignInRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { config, limits } = deps;
    // Without Google's settings the routes do not exist (and the button is hidden): nothing to forge.
    if (!config.google) return;
    const google = createGoogleIdentityProvider(config.google, config.publicUrl);
    const cookie = createGoogleSignInCookie({ appSecret: config.appSecret, publicUrl: config.publicUrl });
    const limit = limits.perIp('google-sign-in', abuseLimits.googleSignIn.perIp);

    const sendBackToSignIn = (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
      const problem = problemOf(error);
      if (problem === 'provider-error') {
        const cause = error instanceof GoogleSignInRefused ? (error.cause ?? error) : error;
        request.log.warn({ err: cause }, 'Google sign-in failed');
      } else {
        request.log.info({ problem }, 'Google sign-in refused');
      }
      return reply.header('set-cookie', cookie.clear()).header('cache-control', 'no-store').redirect(googleSignInProblemPath(problem));
    };

    app.route({
      ...endpoint('startGoogleSignIn'),
      handler: async (request, reply) => {
        try {
          await limit(request);
          const { url, flow } = await google.startSignIn();
          // From an invitation link: the invitation rides in the signed cookie to Google's return.
          const inviteToken = request.query.invite || undefined;
          return reply.header('set-cookie', cookie.writeFlow({ ...flow, inviteToken })).header('cache-control', 'no-store').redirect(url.href);
        } catch (error) {
          return sendBackToSignIn(request, reply, error);
        }
      },
    });

    app.route({
      ...endpoint('finishGoogleSignIn'),
      handler: async (request, reply) => {
        try {
          await limit(request);
          // Each flow is answered once: the cookie is replaced or cleared whatever happens next.
          const flow = cookie.readFlow(request.headers.cookie);
          if (!flow) throw new GoogleSignInRefused('expired');
          const identity = await google.finishSignIn(queryStringOf(request.url), flow);
          const member = await signInWithGoogle(withRequestLog(deps, request), identity, { inviteToken: flow.inviteToken });
          const handOff = await recordGoogleHandOff(deps.db, { userId: member.userId, secret: config.appSecret, now: deps.clock.now() });
          // No token in the address: the landing page picks its session up with a POST.
          return reply.header('set-cookie', cookie.writeSignedIn({ ...member, handOff })).header('cache-control', 'no-store').redirect(googleSignInPaths.done);
        } catch (error) {
          return sendBackToSignIn(request, reply, error);
        }
      },
    });

    app.route({
      ...endpoint('pickUpGoogleSession'),
      onRequest: limit,
      handler: async (request, reply) => {
        const session = await pickUpGoogleSession(withRequestLog(deps, request), cookie.readSignedIn(request.headers.cookie), sessionOriginOf(request));
        reply.header('set-cookie', cookie.clear()).header('cache-control', 'no-store');
        return session;
      },
    });
  };
