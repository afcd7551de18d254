// What the logs may say about a request: never a bearer token, cookie, password or one-time code.
// Bodies are never logged; links in mail carry codes and invitation tokens in the query string
// (/verify-email?code=…), so those query values are blanked before a URL is written.
import type { FastifyRequest } from 'fastify';

const secretQueryNames = new Set(['code', 'token', 'invite', 'invitetoken', 'password', 'secret', 'key']);
const redacted = '[redacted]';

/** The URL with the values of secret-bearing query parameters replaced. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const pairs = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const [rawName] = pair.split('=', 1);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // a malformed name is kept as it came
      }
      return secretQueryNames.has(name.toLowerCase()) ? `${rawName}=${redacted}` : pair;
    });
  return `${url.slice(0, queryStart)}?${pairs.join('&')}`;
}

/** Pino options every app logger gets, whatever else a caller sets. */
export const safeLogOptions = {
  redact: {
    paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.token', '*.authorization'],
    censor: redacted,
  },
  serializers: {
    req: (request: FastifyRequest) => ({
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    }),
  },
};
