// Accounts API (spec section 7): register, login, me, logout and the three reset steps.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginBody, registerBody, resetConfirmBody, resetRequestBody, resetVerifyCodeBody } from '../../domain/auth';
import { authResponseSchema, currentUserSchema, messageResponseSchema } from '../../domain/user-schemas';
import type { ServerDeps } from '../deps';
import { confirmPasswordReset } from './confirm-password-reset';
import { toCurrentUser } from './current-user';
import { requireUser, signedInUser } from './guards';
import { registerMember } from './register-member';
import { requestPasswordReset } from './request-password-reset';
import { revokeSession } from './sessions';
import { signIn } from './sign-in';
import { verifyResetCode } from './verify-reset-code';

const tags = ['auth'];

export const authRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { limits } = deps;
    const emailOf = (request: FastifyRequest) => (request.body as { email?: string } | undefined)?.email;
    const codeChecks = {
      onRequest: limits.perIp('code-check', 60, '15 minutes'),
      preHandler: limits.perKey('code-check', 20, '15 minutes', emailOf),
    };

    app.post(
      '/api/auth/register',
      { onRequest: limits.perIp('register', 30, '1 hour'), schema: { tags, body: registerBody, response: { 201: authResponseSchema } } },
      async (request, reply) => reply.code(201).send(await registerMember({ ...deps, log: request.log }, request.body)),
    );

    app.post(
      '/api/auth/login',
      { onRequest: limits.perIp('login', 30, '1 minute'), schema: { tags, body: loginBody, response: { 200: authResponseSchema } } },
      async (request) => signIn({ ...deps, log: request.log }, request.body, { address: request.ip }),
    );

    app.get(
      '/api/auth/me',
      { onRequest: requireUser, schema: { tags, response: { 200: currentUserSchema } } },
      async (request) => toCurrentUser(signedInUser(request)),
    );

    app.post('/api/auth/logout', { onRequest: requireUser, schema: { tags } }, async (request, reply) => {
      if (request.sessionId) await revokeSession(deps.db, request.sessionId);
      return reply.code(204).send();
    });

    app.post(
      '/api/auth/reset-password-request',
      { onRequest: limits.perIp('reset-request', 20, '15 minutes'), schema: { tags, body: resetRequestBody, response: { 200: messageResponseSchema } } },
      async (request) => requestPasswordReset({ ...deps, log: request.log }, request.body),
    );

    app.post(
      '/api/auth/reset-password-verify-code',
      { ...codeChecks, schema: { tags, body: resetVerifyCodeBody, response: { 200: messageResponseSchema } } },
      async (request) => verifyResetCode({ ...deps, log: request.log }, request.body),
    );

    app.post(
      '/api/auth/reset-password-confirm',
      { ...codeChecks, schema: { tags, body: resetConfirmBody, response: { 200: authResponseSchema } } },
      async (request) => confirmPasswordReset({ ...deps, log: request.log }, request.body),
    );
  };
