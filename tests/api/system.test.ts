import { describe, expect, it } from 'vitest';
import { createClient } from './support/http-client';
import { startTestServer } from './support/test-server';
import { useTestServer } from './support/use-test-server';

const { client } = useTestServer();

describe('system routes', () => {
  it('reports health while the database answers', async () => {
    const response = await client.get('/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', database: 'ok' });
  });

  it('sends /api/login to the sign-in page', async () => {
    const response = await client.get('/api/login');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/auth');
  });

  it('gives every response a request id, and echoes a well-formed one', async () => {
    const fresh = await client.get('/api/health');
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await client.call('GET', '/api/health', { headers: { 'x-request-id': 'trace-123' } });
    expect(echoed.headers.get('x-request-id')).toBe('trace-123');
  });

  it('describes itself with an OpenAPI document built from the shared schemas', async () => {
    const response = await client.get('/api/openapi.json');
    expect(response.status).toBe(200);
    expect(response.body.openapi).toMatch(/^3\./);
    const register = response.body.paths['/api/auth/register'].post;
    expect(register.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['email', 'password', 'firstName', 'lastName']),
    );
  });

  it('tells the pages only the public settings', async () => {
    const response = await client.get('/api/public-config');
    expect(response.body).toMatchObject({ productName: 'Neighbourly', googleClientId: null, mapTileUrl: expect.stringContaining('{z}/{x}/{y}') });
    expect(Object.keys(response.body).sort()).toEqual(['googleClientId', 'mapTileAttribution', 'mapTileUrl', 'paymentProvider', 'productName', 'stripePublishableKey']);
    expect(response.body).toMatchObject({ paymentProvider: 'test', stripePublishableKey: null });
  });

  it('sets security headers', async () => {
    const response = await client.get('/api/health');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
  });
});

describe('health when the database is gone', () => {
  it('answers 503 instead of crashing', async () => {
    const broken = await startTestServer();
    await broken.database.close();
    const response = await createClient(broken.baseUrl).get('/api/health');
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ status: 'unavailable', database: 'unreachable' });
    await broken.app.close();
  });
});
