// Accounts API (spec section 7): register, login, me, logout and the three reset steps.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginBody, registerBody, resetConfirmBody, resetRequestBody, resetVerifyCodeBody } from '../../domain/auth';
import { abuseLimits } from '../../domain/limits';
import { authResponseSchema, currentUserSchema, messageResponseSchema } from '../../domain/user-schemas';
import { withRequestLog, type ServerDeps } from '../deps';
import { confirmPasswordReset } from './confirm-password-reset';
import { toCurrentUser } from './current-user';
import { requireUser, signedInUser } from './guards';
import { registerMember } from './register-member';
import { requestPasswordReset } from './request-password-reset';
import { signIn } from './sign-in';
import { signOut } from './sign-out';
import { verifyResetCode } from './verify-reset-code';

const tags = ['auth'];

export const authRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { limits } = deps;
    const emailOf = (request: FastifyRequest) => (request.body as { email?: string } | undefined)?.email;
    const codeChecks = {
      onRequest: limits.perIp('code-check', abuseLimits.codeCheck.perIp),
      preHandler: limits.perKey('code-check', abuseLimits.codeCheck.perKey, emailOf),
    };

    app.post(
      '/api/auth/register',
      { onRequest: limits.perIp('register', abuseLimits.register.perIp), schema: { tags, body: registerBody, response: { 201: authResponseSchema } } },
      async (request, reply) => reply.code(201).send(await registerMember(withRequestLog(deps, request), request.body)),
    );

    app.post(
      '/api/auth/login',
      { onRequest: limits.perIp('login', abuseLimits.login.perIp), schema: { tags, body: loginBody, response: { 200: authResponseSchema } } },
      async (request) => signIn(withRequestLog(deps, request), { ...request.body, address: request.ip }),
    );

    app.get(
      '/api/auth/me',
      { onRequest: requireUser, schema: { tags, response: { 200: currentUserSchema } } },
      async (request) => toCurrentUser(signedInUser(request)),
    );

    app.post('/api/auth/logout', { onRequest: requireUser, schema: { tags } }, async (request, reply) => {
      if (request.sessionId) await signOut(deps, { sessionId: request.sessionId });
      return reply.code(204).send();
    });

    app.post(
      '/api/auth/reset-password-request',
      { onRequest: limits.perIp('reset-request', abuseLimits.resetRequest.perIp), schema: { tags, body: resetRequestBody, response: { 200: messageResponseSchema } } },
      async (request) => requestPasswordReset(withRequestLog(deps, request), request.body),
    );

    app.post(
      '/api/auth/reset-password-verify-code',
      { ...codeChecks, schema: { tags, body: resetVerifyCodeBody, response: { 200: messageResponseSchema } } },
      async (request) => verifyResetCode(withRequestLog(deps, request), request.body),
    );

    app.post(
      '/api/auth/reset-password-confirm',
      { ...codeChecks, schema: { tags, body: resetConfirmBody, response: { 200: authResponseSchema } } },
      async (request) => confirmPasswordReset(withRequestLog(deps, request), request.body),
    );
  };
