// The OpenAPI document is what another team generates a client from, so each operation says all a
// client needs: its summary, who may call it (security, from the endpoint map's `access`), and
// every answer it can give: its success (a 204, a redirect or an event stream too) and each error
// status with its codes, all in the one error body (errorBodySchema). @fastify/swagger writes the
// shapes from the routes' zod schemas; this completes what it wrote (transformObject).
import { z } from 'zod';
import { apiDescriptions, failureCodesOf, type EndpointDescription, type PlainAnswer } from '../../domain/api-description';
import { apiEndpoints, type EndpointAccess, type EndpointName } from '../../domain/api-endpoints';
import { errorBodySchema } from '../../domain/api-schemas';
import { appErrors, type ErrorCode } from '../../domain/errors';

type SecurityRequirement = Record<string, string[]>;
type ResponseObject = { description: string; content?: Record<string, { schema: unknown }>; headers?: Record<string, unknown> };
type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: SecurityRequirement[];
  responses?: Record<string, ResponseObject>;
};
export type ApiDocument = {
  info?: Record<string, unknown>;
  tags?: { name: string; description: string }[];
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
};

type EndpointTag = (typeof apiEndpoints)[EndpointName]['tag'];

const tagDescriptions: Record<EndpointTag, string> = {
  auth: 'Accounts, signing in and out, password resets, Google sign-in and invitations',
  account: "The member's own profile, phone, postcode and mail settings",
  verification: "Checking a member's email, phone and card",
  listings: 'Listings: browsing, one listing, a seller, and a member’s own listings and photos',
  map: 'Listing counts for the map',
  saved: "The member's saved listings and saved searches",
  conversations: 'Conversations between buyers and sellers, and blocking',
  events: "The signed-in tab's live events",
  trust: 'Reports and ratings',
  membership: 'Plans, checkout and payments',
  admin: "Our team's tools: members, banned words, reports, videos, the audit log and jobs",
  content: 'What the homepage shows',
  support: 'Writing to our team',
  system: 'Health checks and the settings the web app needs',
  development: 'Development helpers, never in production',
};

export const securitySchemes = {
  bearer: {
    type: 'http',
    scheme: 'bearer',
    description: 'The session token that signing in (or registering) answers with, as `Authorization: Bearer <token>`. Signing out ends it.',
  },
  eventTicket: {
    type: 'apiKey',
    in: 'query',
    name: 'ticket',
    description: 'A one-time ticket from POST /api/events/ticket, for an EventSource, which cannot send the bearer token.',
  },
} as const;

const bearer: SecurityRequirement = { bearer: [] };

/** A public call answers anyone; a session token, when sent, is still read (an owner sees their own hidden listing). */
function securityOf(access: EndpointAccess, description: EndpointDescription): SecurityRequirement[] {
  if (access === 'public') return [{}, bearer];
  return description.ticket ? [bearer, { eventTicket: [] }] : [bearer];
}

const accessNotes: Record<EndpointAccess, string | undefined> = {
  public: undefined,
  member: undefined,
  admin: 'Admins only: other members are answered 403 (ADMIN_ONLY).',
};

/** What each error status means, before the codes that give it (errors.ts groups them the same way). */
const statusMeanings: Record<number, string> = {
  400: 'The request cannot be done as sent',
  401: 'Who is asking is not known',
  403: 'Known, but not allowed',
  404: 'Not found',
  409: 'It clashes with what is already so',
  410: 'Gone: deleted by its seller',
  413: 'Too large',
  415: 'Not a kind of body this call takes',
  429: 'Too many requests: wait a moment and try again',
  500: 'Something went wrong on our side',
  503: 'Unavailable for now: try again shortly',
};

/** The answers a route's own schemas describe (the health checks' 503 is their report of what failed). */
const answerDescriptions: Record<string, string> = { 200: 'Done', 201: 'Created', 503: 'Unavailable: the report says what failed' };

const errorBodyRef = { $ref: '#/components/schemas/ErrorBody' };

function errorResponse(status: number, codes: ErrorCode[]): ResponseObject {
  const lines = codes.map((code) => {
    const message: string | undefined = (appErrors[code] as { message?: string }).message;
    return message ? `- \`${code}\`: ${message}` : `- \`${code}\``;
  });
  return { description: `${statusMeanings[status] ?? 'Failed'}. The body's code is one of:\n${lines.join('\n')}`, content: { 'application/json': { schema: errorBodyRef } } };
}

const plainAnswers: Record<PlainAnswer, { status: string; response: ResponseObject }> = {
  'no content': { status: '204', response: { description: 'Done: no body' } },
  redirect: { status: '302', response: { description: 'A redirect: the browser goes on to the Location header', headers: { Location: { schema: { type: 'string' } } } } },
  'event stream': { status: '200', response: { description: 'Server-Sent Events, until the tab closes', content: { 'text/event-stream': { schema: { type: 'string' } } } } },
  'zip file': { status: '200', response: { description: 'A ZIP file, as an attachment', content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } } } },
  'csv file': { status: '200', response: { description: 'A CSV file, as an attachment', content: { 'text/csv': { schema: { type: 'string' } } } } },
};

function isEndpointName(name: string | undefined): name is EndpointName {
  return name !== undefined && Object.hasOwn(apiEndpoints, name);
}

function describeOperation(name: EndpointName, operation: Operation): void {
  const description: EndpointDescription = apiDescriptions[name];
  const { access } = apiEndpoints[name];
  operation.summary = description.summary;
  const notes = [accessNotes[access], description.description].filter((note) => note !== undefined);
  if (notes.length > 0) operation.description = notes.join('\n\n');
  operation.security = securityOf(access, description);
  const responses = (operation.responses ??= {});
  // @fastify/swagger calls every response it writes "Default Response".
  for (const [status, response] of Object.entries(responses)) {
    if (response.description === 'Default Response') response.description = answerDescriptions[status] ?? response.description;
  }
  if (description.answer) {
    const { status, response } = plainAnswers[description.answer];
    responses[status] ??= response;
  }
  if (!Object.keys(responses).some((status) => /^[23]/.test(status))) {
    throw new Error(`${name} answers no JSON: its entry in api-description.ts needs its answer (no content, redirect, event stream or zip file)`);
  }
  const codesByStatus = new Map<number, ErrorCode[]>();
  for (const code of failureCodesOf(name)) {
    const { status } = appErrors[code];
    codesByStatus.set(status, [...(codesByStatus.get(status) ?? []), code]);
  }
  for (const status of [...codesByStatus.keys()].sort((a, b) => a - b)) {
    // A status the call answers with a body of its own (health checks' 503) keeps it.
    responses[String(status)] ??= errorResponse(status, codesByStatus.get(status) ?? []);
  }
}

/** Completes the document @fastify/swagger made from the routes (each operation is named by its endpoint). */
export function completeApiDocument(document: ApiDocument): ApiDocument {
  const usedTags = new Set<string>();
  for (const pathItem of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(pathItem)) {
      if (!isEndpointName(operation.operationId)) throw new Error(`An operation the endpoint map does not name: ${operation.operationId ?? '(no operationId)'}`);
      describeOperation(operation.operationId, operation);
      operation.tags?.forEach((tag) => usedTags.add(tag));
    }
  }
  const errorBody = z.toJSONSchema(errorBodySchema, { target: 'openapi-3.0', io: 'output' });
  document.components = { ...document.components, schemas: { ...document.components?.schemas, ErrorBody: errorBody }, securitySchemes };
  document.tags = (Object.keys(tagDescriptions) as EndpointTag[]).filter((tag) => usedTags.has(tag)).map((tag) => ({ name: tag, description: tagDescriptions[tag] }));
  return document;
}
