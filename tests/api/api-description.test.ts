// The OpenAPI document is what another team generates a client from: every operation has a summary,
// its tag, the security it needs and its error answers with their codes, and Redocly's recommended
// rules (redocly.yaml) find no error in it and no warning that is not explained here.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiDescriptions, failureCodesOf, type EndpointDescription } from '../../src/domain/api-description';
import { apiEndpoints, type EndpointName } from '../../src/domain/api-endpoints';
import { apiSchemas } from '../../src/domain/api-schemas';
import { appErrors } from '../../src/domain/errors';
import { googleSettingsWithoutProvider } from './support/test-server';
import { useTestServer } from './support/use-test-server';

// A production-shaped address: the document's server is PUBLIC_URL, never the test server's own.
const publicUrl = 'https://neighbourhood-market.test';
// Google's routes exist only with its settings.
const { client } = useTestServer({ ...googleSettingsWithoutProvider, PUBLIC_URL: publicUrl });

type Response = { description: string; content?: Record<string, { schema: { $ref?: string } }> };
type Operation = { operationId: string; summary?: string; tags?: string[]; security?: Record<string, string[]>[]; responses: Record<string, Response> };
type Document = { servers?: { url: string }[]; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

const described = (Object.keys(apiEndpoints) as EndpointName[]).filter((name) => (apiSchemas[name] as { hide?: boolean }).hide !== true);

async function fetchDocument(): Promise<Document> {
  const response = await client.get('/api/openapi.json');
  expect(response.status).toBe(200);
  return response.body as Document;
}

function operationOf(document: Document, name: EndpointName): Operation {
  const { method, path: address } = apiEndpoints[name];
  const operation = document.paths[address.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
  if (!operation) throw new Error(`${name} is not in the document`);
  return operation;
}

type Problem = { ruleId: string; severity: 'error' | 'warn'; message: string; location: { pointer: string }[] };

/** Runs `redocly lint` (the CLI of the devDependency, by node) on a file; its JSON report. */
async function lintWithRedocly(file: string): Promise<{ totals: { errors: number; warnings: number }; problems: Problem[] }> {
  const cli = path.join(path.dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin/cli.js');
  const config = path.resolve(import.meta.dirname, '../../redocly.yaml');
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(
      process.execPath,
      [cli, 'lint', file, '--config', config, '--format', 'json', '--max-problems', '10000'],
      // No telemetry and no update check: the tests run offline.
      { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' }, maxBuffer: 64 * 1024 * 1024 },
      // It exits 1 when it finds an error; the report says what.
      (error, out, err) => (out.trim().startsWith('{') ? resolve(out) : reject(new Error(`redocly lint gave no report: ${error?.message ?? ''}\n${err}`))),
    );
  });
  return JSON.parse(stdout);
}

/** The operation a problem's location points into, by endpoint name. */
function operationAt(document: Document, pointer: string): string {
  const [address, method] = pointer.replace(/^#\/paths\//, '').split('/').map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'));
  return document.paths[address]?.[method]?.operationId ?? pointer;
}

/**
 * The warnings the recommended rules give by design, each with its reason (redocly.yaml says the
 * same). Found from the endpoint map, so a call added later is judged by the same reasons.
 */
function explainedWarnings(): Map<string, string> {
  const explained = new Map<string, string>();
  for (const name of described) {
    const description: EndpointDescription = apiDescriptions[name];
    if (description.answer === 'redirect') explained.set(`operation-2xx-response ${name}`, 'a page the browser opens: it always answers with a redirect');
    if (!failureCodesOf(name).some((code) => appErrors[code].status < 500)) {
      explained.set(`operation-4xx-response ${name}`, 'a public call that takes no input and has no rule to break: it has no 4xx answer');
    }
  }
  return explained;
}

describe('the OpenAPI document', () => {
  it('names this server by PUBLIC_URL', async () => {
    const document = await fetchDocument();
    expect(document.servers?.map((server) => server.url)).toEqual([publicUrl]);
  });

  it('gives every operation its endpoint name, summary, tag and the security its access needs', async () => {
    const document = await fetchDocument();
    for (const name of described) {
      const operation = operationOf(document, name);
      const { access, tag } = apiEndpoints[name];
      expect({ name, operationId: operation.operationId, summary: operation.summary, tags: operation.tags }).toEqual({
        name,
        operationId: name,
        summary: apiDescriptions[name].summary,
        tags: [tag],
      });
      // A public call may be made signed in or not; a member's or an admin's needs the session token.
      const security = access === 'public' ? [{}, { bearer: [] }] : name === 'streamEvents' ? [{ bearer: [] }, { eventTicket: [] }] : [{ bearer: [] }];
      expect({ name, security: operation.security }).toEqual({ name, security });
    }
  });

  it("describes every error a call can give, by status, with its codes and the one error body", async () => {
    const document = await fetchDocument();
    expect(document.components.schemas.ErrorBody).toMatchObject({ type: 'object', required: ['code', 'message'] });
    const missing: string[] = [];
    for (const name of described) {
      const { responses } = operationOf(document, name);
      const { access } = apiEndpoints[name];
      const codes = failureCodesOf(name);
      // A status the call answers with a body of its own (the health checks' 503 report) is described by that body.
      const ownBody = (status: number | string) => status in apiSchemas[name].response;
      // What every call of its kind must say, whatever its own list holds.
      const statuses = new Set<number>(codes.map((code) => appErrors[code].status));
      for (const status of [500, 503, ...(access === 'public' ? [] : [401]), ...(access === 'admin' ? [403] : [])]) {
        if (!statuses.has(status)) missing.push(`${name}: ${status} is not among its failures`);
      }
      for (const code of codes.filter((code) => !ownBody(appErrors[code].status))) {
        const response = responses[String(appErrors[code].status)];
        if (!response?.description.includes(`\`${code}\``)) missing.push(`${name}: ${code} (${appErrors[code].status}) is not described`);
      }
      for (const [status, response] of Object.entries(responses).filter(([status]) => Number(status) >= 400 && !ownBody(status))) {
        const schema = response.content?.['application/json']?.schema;
        if (schema?.$ref !== '#/components/schemas/ErrorBody') missing.push(`${name}: ${status} does not answer with the error body`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('gives every code of errors.ts to some call, but the two that answer no API call', () => {
    const given = new Set((Object.keys(apiEndpoints) as EndpointName[]).flatMap((name) => failureCodesOf(name)));
    // NOT_FOUND answers an address the API does not have; METRICS_TOKEN_INVALID answers GET /metrics.
    expect(Object.keys(appErrors).filter((code) => !given.has(code as keyof typeof appErrors))).toEqual(['METRICS_TOKEN_INVALID', 'NOT_FOUND']);
  });

  it("passes Redocly's recommended rules with no error and no warning left unexplained", async () => {
    const document = await fetchDocument();
    const folder = await mkdtemp(path.join(os.tmpdir(), 'openapi-lint-'));
    try {
      const file = path.join(folder, 'openapi.json');
      await writeFile(file, JSON.stringify(document, null, 2));
      const report = await lintWithRedocly(file);
      const errors = report.problems.filter((problem) => problem.severity === 'error').map((problem) => `${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`);
      expect(errors).toEqual([]);
      const explained = explainedWarnings();
      const warnings = report.problems.filter((problem) => problem.severity === 'warn').map((problem) => `${problem.ruleId} ${operationAt(document, problem.location[0]?.pointer ?? '')}`);
      expect(warnings.filter((warning) => !explained.has(warning))).toEqual([]);
      // Each explained warning is one the lint gives: an explanation that no longer applies goes.
      expect([...explained.keys()].filter((warning) => !warnings.includes(warning))).toEqual([]);
      expect(report.totals).toEqual(expect.objectContaining({ errors: 0, warnings: explained.size }));
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
