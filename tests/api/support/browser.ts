// A browser's part in a redirect flow between servers: it follows redirects one at a time and
// keeps each host's cookies, honouring Path and Max-Age, as a browser's cookie jar does.
type StoredCookie = { value: string; path: string; expiresAt: number };

export type Hop = { url: URL; status: number; location: URL | null; setCookies: string[] };

export function createBrowser() {
  const jar = new Map<string, Map<string, StoredCookie>>();

  function store(url: URL, setCookies: string[]): void {
    const cookies = jar.get(url.hostname) ?? new Map<string, StoredCookie>();
    jar.set(url.hostname, cookies);
    for (const line of setCookies) {
      const [pair, ...attributes] = line.split(';').map((part) => part.trim());
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator);
      const cookie: StoredCookie = { value: pair.slice(separator + 1), path: '/', expiresAt: Infinity };
      for (const attribute of attributes) {
        const [key, value = ''] = attribute.split('=');
        if (/^path$/i.test(key)) cookie.path = value;
        if (/^max-age$/i.test(key)) cookie.expiresAt = Date.now() + Number(value) * 1000;
        if (/^expires$/i.test(key) && cookie.expiresAt === Infinity) cookie.expiresAt = Date.parse(value);
      }
      if (cookie.expiresAt <= Date.now()) cookies.delete(name);
      else cookies.set(name, cookie);
    }
  }

  function cookieHeaderFor(url: URL): string | undefined {
    const sent = [...(jar.get(url.hostname) ?? new Map<string, StoredCookie>())]
      .filter(([, cookie]) => cookie.expiresAt > Date.now())
      .filter(([, cookie]) => url.pathname === cookie.path || url.pathname.startsWith(cookie.path.endsWith('/') ? cookie.path : `${cookie.path}/`))
      .map(([name, cookie]) => `${name}=${cookie.value}`);
    return sent.length > 0 ? sent.join('; ') : undefined;
  }

  /** One request, cookies and all; redirects are not followed. */
  async function request(url: URL, init: { method?: string; body?: string; headers?: Record<string, string> } = {}) {
    const cookie = cookieHeaderFor(url);
    const response = await fetch(url, { method: init.method ?? 'GET', body: init.body, headers: { ...init.headers, ...(cookie ? { cookie } : {}) }, redirect: 'manual' });
    const setCookies = response.headers.getSetCookie();
    store(url, setCookies);
    return { response, setCookies };
  }

  /** Navigates to `url` and follows redirects until `isDestination` says where to stop (or a non-redirect). */
  async function navigate(start: URL, isDestination: (url: URL) => boolean): Promise<{ url: URL; hops: Hop[] }> {
    const hops: Hop[] = [];
    let url = start;
    for (let count = 0; count < 20; count += 1) {
      if (count > 0 && isDestination(url)) return { url, hops };
      const { response, setCookies } = await request(url);
      const header = response.headers.get('location');
      const location = header ? new URL(header, url) : null;
      hops.push({ url, status: response.status, location, setCookies });
      await response.arrayBuffer();
      if (!location || response.status < 300 || response.status >= 400) return { url, hops };
      url = location;
    }
    throw new Error(`too many redirects from ${start.href}`);
  }

  return {
    request,
    navigate,
    /** The cookie this browser would send to `url`, by name. */
    cookie: (url: URL, name: string) => (cookieHeaderFor(url) ?? '').split('; ').find((pair) => pair.startsWith(`${name}=`))?.slice(name.length + 1),
    setCookie: (url: URL, line: string) => store(url, [line]),
  };
}

export type Browser = ReturnType<typeof createBrowser>;
