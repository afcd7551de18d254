// What the logs may say about a request: never a bearer token, cookie, password, one-time code,
// invitation token or a member's search. Bodies are never logged; a URL is logged with its query
// values blanked (links in mail carry codes and invitations there, and searches can hold an
// email) and the path segments its route declares secret blanked. A database error is logged with
// its SQL but never the values it was given (password hashes, emails).
import type { FastifyRequest } from 'fastify';
import { apiEndpoints, type EndpointAddress } from '../../domain/api-endpoints';

const redacted = '[redacted]';

type SecretPath = { segments: string[]; secret: Set<number> };

/**
 * The addresses whose `:name` segments the endpoint map declares secret (secretParams). Chosen by the
 * route, not by how a value looks: a token of letters alone is as secret as one with digits.
 */
const secretPaths: SecretPath[] = (Object.values(apiEndpoints) as EndpointAddress[]).flatMap(({ path, secretParams }) => {
  if (!secretParams?.length) return [];
  const segments = path.split('/');
  const secret = new Set(segments.flatMap((segment, index) => (segment.startsWith(':') && secretParams.includes(segment.slice(1)) ? [index] : [])));
  return [{ segments, secret }];
});

/** Whether `segments` (a trailing slash aside) have the shape of the route's: its fixed parts, and something in each `:name`. */
function matches(route: SecretPath, segments: string[]): boolean {
  const length = segments.length > route.segments.length && segments.at(-1) === '' ? segments.length - 1 : segments.length;
  if (length !== route.segments.length) return false;
  return route.segments.every((part, index) => (part.startsWith(':') ? segments[index] !== '' : part === segments[index]));
}

function redactPath(path: string): string {
  const segments = path.split('/');
  const route = secretPaths.find((candidate) => matches(candidate, segments));
  if (!route) return path;
  return segments.map((segment, index) => (route.secret.has(index) ? redacted : segment)).join('/');
}

/** The URL with every query value and its route's secret path segments replaced; names stay, to tell requests apart. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const path = redactPath(queryStart === -1 ? url : url.slice(0, queryStart));
  if (queryStart === -1) return path;
  const pairs = url
    .slice(queryStart + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const separator = pair.indexOf('=');
      return separator === -1 ? pair : `${pair.slice(0, separator)}=${redacted}`;
    });
  return `${path}?${pairs.join('&')}`;
}

type LoggedError = { type: string; message: string; stack: string; code?: string; cause?: LoggedError };

/** Drizzle writes a failed query's values into its message ("…\nparams: …"): cut them off. */
function withoutParams(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const at = text.indexOf('\nparams:');
  return at === -1 ? text : text.slice(0, at);
}

/**
 * An error as the logs keep it: its type, message, stack, code and cause, and nothing else (no
 * `params`, no PostgreSQL `detail`, which repeats the values a constraint refused).
 */
export function describeErrorForLog(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: withoutParams(String(error)) ?? '', stack: '' };
  const code = (error as { code?: unknown }).code;
  const cause = (error as { cause?: unknown }).cause;
  return {
    type: error.constructor?.name ?? error.name,
    message: withoutParams(error.message) ?? '',
    stack: withoutParams(error.stack) ?? '',
    ...(typeof code === 'string' ? { code } : {}),
    ...(cause !== undefined && depth < 3 ? { cause: describeErrorForLog(cause, depth + 1) } : {}),
  };
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
    err: (error: unknown) => describeErrorForLog(error),
  },
};
