// Answers kept as JSON text (the read caches' values), sent as they are and, when the client
// accepts it, gzipped once and sent compressed from then on.
import { isDeepStrictEqual } from 'node:util';
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

export type JsonText = { readonly json: string; gzipped?: Buffer };

/** Below this, compression saves less than it costs. */
const compressFromBytes = 1024;

/**
 * A first page of 25 listings (25.8 kB of JSON), gzipped on this machine: level 6 took 0.67 ms for
 * 4,601 bytes, level 4 0.28 ms for 4,795. A read the cache missed is gzipped once, in the request:
 * 4% more bytes for 60% less of that time. Measured again on an Intel Xeon (2026-11-29, a page of
 * 24 listings, 25.9 kB, ten rounds interleaved): level 4 265 µs for 4,552 bytes, level 3 171 µs for
 * 4,567. Levels 1 to 3 take zlib's fast path; 3 keeps the bytes within 0.3% for a third less time.
 */
const gzipLevel = 3;

/**
 * The text of an answer, made through the route's response schema as Fastify's serializer makes
 * every other answer (fastify-type-provider-zod encodes with it): sendJsonText bypasses that
 * serializer, so without this a cached answer would go out unchecked, with whatever extra fields
 * the value carried. A value that breaks the schema throws, and the request fails with a 500.
 */
export function toJsonText<Schema extends z.ZodType>(schema: Schema, value: z.output<Schema>): JsonText {
  return { json: JSON.stringify(z.encode(schema, value)) };
}

/**
 * JSON text PostgreSQL made for an answer (a statement's json_agg), sent as it comes. With check
 * (everywhere but production) the text is first read back through the route's response schema and
 * must come out unchanged, so a statement that drifts from the schema (a missing field, an extra
 * one, a wrong type) fails every test that asks for it; production skips reading it back, which is
 * what the statement saves.
 */
export function databaseJsonText<Schema extends z.ZodType>(schema: Schema, json: string, check: boolean): JsonText {
  if (check) {
    const value: unknown = JSON.parse(json);
    if (!isDeepStrictEqual(z.encode(schema, schema.parse(value)), value)) throw new Error('The database made an answer that differs from its response schema.');
  }
  return { json };
}

/** Roughly the memory a cached text holds: its characters and, once made, its gzip. */
export function jsonTextWeight(text: JsonText): number {
  return text.json.length + Math.ceil(text.json.length / 4);
}

const megabyte = 1024 * 1024;
/**
 * Bounds of the read caches of JSON answers, so memory stays flat however varied the reads. The
 * inbox's is the largest: one entry per member, up to 30 KB for a page of 50 conversations, and a
 * budget short of the members who keep coming back empties itself before any of them returns
 * (8 MB held fewer than the 1,000 busiest inboxes of the conversations benchmark, which then all
 * missed: p99 71 ms against 6 ms at 32 MB). Kept as text, not as gzip alone: measured, the gzip
 * buffers (outside the heap) made the collector run several times as often under the thread load.
 */
export const jsonCacheBudgets = { browse: 16 * megabyte, detail: 8 * megabyte, mapCounts: 16 * megabyte, inbox: 32 * megabyte } as const;

/** Whether Accept-Encoding allows gzip (a q of 0 refuses it). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const text = Array.isArray(header) ? header.join(',') : header;
  if (!text) return false;
  return text.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding.trim() !== 'gzip' && coding.trim() !== '*') return false;
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    return q === undefined || Number(q) > 0;
  });
}

/** Sends JSON text toJsonText made: it was checked against the route's response schema then, not again here. */
export function sendJsonText(request: FastifyRequest, reply: FastifyReply, text: JsonText): FastifyReply {
  reply.type('application/json; charset=utf-8');
  if (text.json.length < compressFromBytes) return reply.serializer(String).send(text.json);
  reply.header('vary', 'accept-encoding');
  if (!acceptsGzip(request.headers['accept-encoding'])) return reply.serializer(String).send(text.json);
  text.gzipped ??= gzipSync(text.json, { level: gzipLevel });
  return reply.header('content-encoding', 'gzip').send(text.gzipped);
}
