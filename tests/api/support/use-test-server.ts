// One API test file's server, in one line: `const { server, client } = useTestServer({ ADMIN_EMAILS: 'chief@example.com' });`
// starts the app over a fresh database before the file's (or describe block's) tests, with a client
// that calls it, and closes both after them. Hooks run in the order they are registered, so a
// beforeAll written above the call (a fake Stripe, an SMTP server) has run when the settings are read.
import { afterAll, beforeAll } from 'vitest';
import { createClient } from './http-client';
import { startTestServer, type TestServer, type TestServerOptions } from './test-server';

export type TestClient = ReturnType<typeof createClient>;
type Settings = Record<string, string>;
type OrLater<T> = T | (() => T);

const readNow = <T>(value: OrLater<T>): T => (typeof value === 'function' ? (value as () => T)() : value);

/**
 * A stand-in for a value made in beforeAll: every property is read from the value as it is then, so
 * `server` and `client` can be taken apart at the top of the file and used in the tests.
 */
function liveView<T extends object>(what: string, read: () => T | undefined): T {
  return new Proxy({} as T, {
    get(_target, key) {
      const value = read();
      if (!value) throw new Error(`The test ${what} starts in beforeAll: use it inside a hook or a test.`);
      const property = Reflect.get(value, key, value) as unknown;
      return typeof property === 'function' ? property.bind(value) : property;
    },
  });
}

/** `environment` and `options` are startTestServer's: given as functions, they are read when the server starts. */
export function useTestServer(environment: OrLater<Settings> = {}, options: OrLater<TestServerOptions> = {}): { server: TestServer; client: TestClient } {
  let running: { server: TestServer; client: TestClient } | undefined;

  beforeAll(async () => {
    const server = await startTestServer(readNow(environment), readNow(options));
    running = { server, client: createClient(server.baseUrl) };
  });

  afterAll(async () => {
    await running?.server.close();
    running = undefined;
  });

  return { server: liveView('server', () => running?.server), client: liveView('client', () => running?.client) };
}
