// The bucket the API tests keep media in: a real S3-compatible server (scripts/local-s3-server.ts),
// and a gate in front of it that refuses chosen requests, as a bucket that fails part-way does.
import http from 'node:http';
import { afterAll, beforeAll } from 'vitest';
import { startLocalS3, type LocalS3 } from '../../../scripts/local-s3-server';

/** A local S3 server for the file's (or describe block's) tests; call the result inside a hook or test. */
export function useLocalS3(): () => LocalS3 {
  let s3: LocalS3 | undefined;
  beforeAll(async () => {
    s3 = await startLocalS3();
  });
  afterAll(async () => {
    await s3?.close();
    s3 = undefined;
  });
  return () => {
    if (!s3) throw new Error('The local S3 server starts in beforeAll: use it inside a hook or a test.');
    return s3;
  };
}

export type S3Gate = { endpoint: string; refused: () => number; close: () => Promise<void> };

/** Passes requests through to `target`, except those `refuses` picks, which get S3's 403 AccessDenied. */
export async function startS3Gate(target: string, refuses: (request: http.IncomingMessage) => boolean): Promise<S3Gate> {
  let refused = 0;
  const server = http.createServer((request, response) => {
    if (refuses(request)) {
      refused += 1;
      request.resume();
      request.on('end', () => {
        response.writeHead(403, { 'content-type': 'application/xml' });
        response.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>Refused by the test gate</Message></Error>');
      });
      return;
    }
    const upstream = http.request(`${target}${request.url}`, { method: request.method, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    refused: () => refused,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
