// Every answer says which request it was (x-request-id), as the logs do.
import type { FastifyInstance } from 'fastify';

export function installRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
}
