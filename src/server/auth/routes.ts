// Accounts API (spec section 7): register, login, me, logout and the three reset steps.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { abuseLimits } from '../../domain/limits';
import { withRequestLog, type ServerDeps } from '../deps';
import { endpoint } from '../http/endpoint';
import { confirmPasswordReset } from './confirm-password-reset';
import { toCurrentUser } from './current-user';
import { requireUser, signedInUser } from './guards';
import { registerMember } from './register-member';
import { requestPasswordReset } from './request-password-reset';
import { signIn } from './sign-in';
import { sessionOriginOf } from './sessions';
import { signOut } from './sign-out';
import { verifyResetCode } from './verify-reset-code';

export const authRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { limits } = deps;
    const emailOf = (request: FastifyRequest) => (request.body as { email?: string } | undefined)?.email;
    const codeChecks = {
      onRequest: limits.perIp('code-check', abuseLimits.codeCheck.perIp),
      preHandler: limits.perKey('code-check', abuseLimits.codeCheck.perKey, emailOf),
    };

    app.route({
      ...endpoint('register'),
      onRequest: limits.perIp('register', abuseLimits.register.perIp),
      handler: async (request, reply) => reply.code(201).send(await registerMember(withRequestLog(deps, request), request.body, sessionOriginOf(request))),
    });

    app.route({
      ...endpoint('signIn'),
      onRequest: limits.perIp('login', abuseLimits.login.perIp),
      handler: async (request) => signIn(withRequestLog(deps, request), { ...request.body, address: request.ip }, sessionOriginOf(request)),
    });

    app.route({ ...endpoint('getCurrentUser'), onRequest: requireUser, handler: async (request) => toCurrentUser(signedInUser(request)) });

    app.route({
      ...endpoint('signOut'),
      onRequest: requireUser,
      handler: async (request, reply) => {
        if (request.sessionId) await signOut(deps, { sessionId: request.sessionId });
        return reply.code(204).send();
      },
    });

    app.route({
      ...endpoint('requestPasswordReset'),
      onRequest: limits.perIp('reset-request', abuseLimits.resetRequest.perIp),
      handler: async (request) => requestPasswordReset(withRequestLog(deps, request), request.body),
    });

    app.route({ ...endpoint('verifyResetCode'), ...codeChecks, handler: async (request) => verifyResetCode(withRequestLog(deps, request), request.body) });

    app.route({ ...endpoint('confirmPasswordReset'), ...codeChecks, handler: async (request) => confirmPasswordReset(withRequestLog(deps, request), request.body, sessionOriginOf(request)) });
  };
