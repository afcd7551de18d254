// Whether a request came from a program on the computer the server runs on: the dev outbox and the
// details of readiness answer only such a request (or, for readiness, the metrics token).
import type { FastifyRequest } from 'fastify';

/**
 * Judged by the connection itself, never by X-Forwarded-For (which a client writes, and which a
 * TRUST_PROXY hop count would believe), and not through a proxy: a proxy on the same computer
 * makes every visitor's connection a loopback one, but says so in a forwarding header.
 */
export function isFromThisComputer(request: FastifyRequest): boolean {
  const address = request.socket.remoteAddress ?? '';
  const loopback = address === '::1' || /^(::ffff:)?127\./.test(address);
  const proxied = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return loopback && !proxied;
}
