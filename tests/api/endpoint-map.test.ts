// The endpoint map (src/domain/api-endpoints.ts) is the API: the server registers nothing under
// /api that it does not name, it names nothing the server does not answer, and the OpenAPI
// document describes every call it does not hide.
import { describe, expect, it } from 'vitest';
import { apiEndpoints, type EndpointName } from '../../src/domain/api-endpoints';
import { apiSchemas } from '../../src/domain/api-schemas';
import { googleSettingsWithoutProvider } from './support/test-server';
import { useTestServer } from './support/use-test-server';

// Google's routes exist only with its settings.
const { server, client } = useTestServer(googleSettingsWithoutProvider);

/** Hidden routes that are not API calls: the document itself and the spec's sign-in redirect. */
const notApiCalls = new Set(['GET /api/openapi.json', 'GET /api/login']);

const names = Object.keys(apiEndpoints) as EndpointName[];
const mapped = names.map((name) => `${apiEndpoints[name].method} ${apiEndpoints[name].path}`);

describe('the endpoint map', () => {
  it('names every API route the server registers', () => {
    const registered = server.app.routeTable
      .filter((route) => route.url.startsWith('/api/'))
      .map((route) => `${route.method} ${route.url}`)
      .filter((route) => !notApiCalls.has(route));
    expect(registered.filter((route) => !mapped.includes(route))).toEqual([]);
  });

  it('is registered in full by the test server', () => {
    // The test server runs the test payment provider outside production, so even the calls only
    // that configuration has (payWithTestCard, verifyTestCard, listDevOutbox) are registered.
    const registered = new Set(server.app.routeTable.map((route) => `${route.method} ${route.url}`));
    expect(mapped.filter((route) => !registered.has(route))).toEqual([]);
  });

  it('is described by the OpenAPI document, except the calls it hides', async () => {
    const response = await client.get('/api/openapi.json');
    expect(response.status).toBe(200);
    const paths = response.body.paths as Record<string, Record<string, unknown>>;
    const isHidden = (name: EndpointName) => (apiSchemas[name] as { hide?: boolean }).hide === true;
    const described = (name: EndpointName) => {
      const { method, path } = apiEndpoints[name];
      return paths[path.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()] !== undefined;
    };
    expect(names.filter((name) => !isHidden(name) && !described(name))).toEqual([]);
    expect(names.filter((name) => isHidden(name) && described(name))).toEqual([]);
  });
});
