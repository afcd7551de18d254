// The one API client (spec sections 7 and 8).
import type { QueryFunction, QueryKey } from '@tanstack/react-query';
import { type ApiInput, type ApiResponse, apiEndpoints, type EndpointName, endpointPath, type ErrorBody, type ErrorCode, type FieldError, type HttpMethod, isNotFoundCode, type MembershipTier } from '../../domain';
import { readAuthToken } from './auth-token';

type ErrorExtras = Partial<Omit<ErrorBody, 'message'>>;

/** A failed call: the server's message plus the extra fields of the error body. */
export class ApiError extends Error {
  readonly status: number;
  readonly code?: ErrorCode;
  readonly fieldErrors?: FieldError[];
  readonly bannedWords?: string[];
  readonly showContactForm?: boolean;
  readonly listingLimit?: number;
  readonly imageLimit?: number;
  readonly membershipTier?: MembershipTier;
  /** The page that passes the check a trade needs (EMAIL_NOT_VERIFIED, PHONE_NOT_VERIFIED). */
  readonly verifyAt?: string;

  constructor(status: number, message: string, extras: ErrorExtras = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = extras.code;
    this.fieldErrors = extras.fieldErrors;
    this.bannedWords = extras.bannedWords;
    this.showContactForm = extras.showContactForm;
    this.listingLimit = extras.listingLimit;
    this.imageLimit = extras.imageLimit;
    this.membershipTier = extras.membershipTier;
    this.verifyAt = extras.verifyAt;
  }

  /** Its message too (an Error's own message is not enumerable), so a page rendered on the server can hand it over. */
  toJSON(): ErrorExtras & { name: 'ApiError'; status: number; message: string } {
    return {
      name: 'ApiError',
      status: this.status,
      message: this.message,
      code: this.code,
      fieldErrors: this.fieldErrors,
      bannedWords: this.bannedWords,
      showContactForm: this.showContactForm,
      listingLimit: this.listingLimit,
      imageLimit: this.imageLimit,
      membershipTier: this.membershipTier,
      verifyAt: this.verifyAt,
    };
  }
}

/** The answer is that the thing asked for does not exist: the page shows its not-found screen (spec 2). */
export function isNotFoundError(error: unknown): error is ApiError {
  return error instanceof ApiError && isNotFoundCode(error.code);
}

function buildHeaders(hasBody: boolean): Headers {
  const headers = new Headers();
  if (hasBody) headers.set('Content-Type', 'application/json');
  const token = readAuthToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** spec 8: the body's message, else "<status>: <status text or response text>". */
export function toApiError(status: number, body: unknown, statusText: string): ApiError {
  if (isRecord(body)) {
    const message = typeof body.message === 'string' && body.message !== '' ? body.message : `${status}: ${statusText}`;
    return new ApiError(status, message, body as ErrorExtras);
  }
  return new ApiError(status, `${status}: ${statusText}`);
}

async function createApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  return toApiError(response.status, parseJson(text), response.statusText || text);
}

/** An ApiError again, from the JSON a page rendered on the server carried it in (toJSON above). */
export function reviveApiError(value: unknown): unknown {
  if (!isRecord(value) || value.name !== 'ApiError' || typeof value.status !== 'number') return value;
  return toApiError(value.status, value, '');
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (!response.ok) throw await createApiError(response);
}

async function readBody<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

async function send(method: HttpMethod, url: string, body: unknown, signal?: AbortSignal): Promise<Response> {
  const hasBody = body !== undefined;
  const response = await fetch(url, {
    method,
    headers: buildHeaders(hasBody),
    body: hasBody ? JSON.stringify(body) : undefined,
    credentials: 'include',
    signal,
  });
  await throwIfNotOk(response);
  return response;
}

type CallInput = { params?: Record<string, string>; query?: Record<string, string | number | boolean | null | undefined>; body?: unknown };
type CallOptions = { signal?: AbortSignal };
/** The input is optional only for a call that takes none. */
type CallArgs<K extends EndpointName> = object extends ApiInput<K> ? [input?: ApiInput<K>, options?: CallOptions] : [input: ApiInput<K>, options?: CallOptions];

/** One call of the endpoint map by name, with its response headers (a keyset page's next cursor travels in one). */
export async function requestApi<K extends EndpointName>(name: K, ...[input, options]: CallArgs<K>): Promise<{ body: ApiResponse<K>; headers: Headers }> {
  const { params, query, body } = (input ?? {}) as CallInput;
  const response = await send(apiEndpoints[name].method, endpointPath(name, params as never, query), body, options?.signal);
  return { body: await readBody<ApiResponse<K>>(response), headers: response.headers };
}

/**
 * One call of the endpoint map by name: `callApi('updateProfile', { body })`,
 * `callApi('getListing', { params: { id } })`. Its answer is typed by the call's response schema.
 */
export async function callApi<K extends EndpointName>(name: K, ...args: CallArgs<K>): Promise<ApiResponse<K>> {
  return (await requestApi(name, ...args)).body;
}

/** The name in a Content-Disposition header (`attachment; filename="x.zip"`), or null. */
export function attachmentFileName(header: string | null): string | null {
  const match = header ? /filename="?([^";]+)"?/i.exec(header) : null;
  return match?.[1]?.trim() || null;
}

/**
 * A call whose answer is a file (a copy of one's data): fetched with the session's bearer token, as
 * every call is, so a plain link cannot take its place. Its bytes, and the name the server gives it.
 */
export async function downloadApiFile<K extends EndpointName>(name: K, ...[input, options]: CallArgs<K>): Promise<{ blob: Blob; fileName: string | null }> {
  const { params, query } = (input ?? {}) as CallInput;
  const response = await send(apiEndpoints[name].method, endpointPath(name, params as never, query), undefined, options?.signal);
  return { blob: await response.blob(), fileName: attachmentFileName(response.headers.get('content-disposition')) };
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** spec 7: the default data load is a GET of the query key parts joined by slashes. */
export function queryKeyPath(queryKey: QueryKey): string {
  return queryKey.join('/');
}

export function createQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const response = await fetch(queryKeyPath(queryKey), {
      headers: buildHeaders(false),
      credentials: 'include',
      signal,
    });
    if (on401 === 'returnNull' && response.status === 401) return null;
    await throwIfNotOk(response);
    return readBody<T>(response);
  };
}
