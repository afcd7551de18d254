import { describe, expect, it } from 'vitest';
import { helmetHeaders } from '../../src/server/http/security-headers';

describe('security headers worked out once', () => {
  it("sets Helmet's headers with the given Content-Security-Policy", () => {
    const headers = helmetHeaders({
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"], scriptSrc: ["'self'"], frameAncestors: ["'none'"] } },
      strictTransportSecurity: false,
    });
    expect(headers['content-security-policy']).toBe("default-src 'self';script-src 'self';frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers).not.toHaveProperty('strict-transport-security');
    expect(headers).not.toHaveProperty('x-powered-by');
  });

  it('refuses a policy Helmet refuses, at start-up rather than on a request', () => {
    expect(() => helmetHeaders({ contentSecurityPolicy: { useDefaults: false, directives: { scriptSrc: ["'self"] } } })).toThrow();
  });
});
