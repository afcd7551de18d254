// What search engines read: robots.txt, the sitemap index and its files (decision 22).
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { SaxesParser } from 'saxes';
import { beforeAll, describe, expect, it } from 'vitest';
import { crawlerDisallowedPaths, publicPagePaths } from '../../src/domain/seo';
import { listings } from '../../src/server/db/schema';
import { streamSitemapFile } from '../../src/server/seo/stream-sitemap-file';
import { registerMember, sellerMember, validListing } from './support/factories';
import { useTestServer } from './support/use-test-server';

const publicUrl = 'https://neighbourly.example';
const { server, client } = useTestServer({ PUBLIC_URL: publicUrl });

type Element = { name: string; children: Element[]; text: string };

/** Parses XML strictly (saxes throws on anything not well-formed) into a small tree. */
function parseXml(text: string): Element {
  const parser = new SaxesParser({ xmlns: true });
  const root: Element = { name: '', children: [], text: '' };
  const open: Element[] = [root];
  parser.on('opentag', (tag) => {
    const element: Element = { name: tag.local, children: [], text: '' };
    open.at(-1)!.children.push(element);
    open.push(element);
    if (open.length === 2) expect(tag.uri).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  });
  parser.on('text', (value) => void (open.at(-1)!.text += value));
  parser.on('closetag', () => void open.pop());
  parser.write(text).close();
  expect(root.children).toHaveLength(1);
  return root.children[0];
}

/** Each <url> or <sitemap> entry's loc, and lastmod when it has one. */
function entriesOf(document: Element): { loc: string; lastmod?: string }[] {
  return document.children.map((entry) => ({
    loc: entry.children.find((child) => child.name === 'loc')!.text,
    lastmod: entry.children.find((child) => child.name === 'lastmod')?.text,
  }));
}

async function fetchXml(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.baseUrl}${path}`, { headers: { 'accept-encoding': 'identity', ...headers } });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { response, bytes, text: bytes.toString('utf8') };
}

/** Every file the index names, as paths on this server, and each file's entries. */
async function readWholeSitemap() {
  const index = parseXml((await fetchXml('/sitemap.xml')).text);
  expect(index.name).toBe('sitemapindex');
  const files = entriesOf(index).map((entry) => entry.loc);
  const urls: { loc: string; lastmod?: string }[] = [];
  for (const file of files) {
    expect(file.startsWith(`${publicUrl}/sitemaps/`)).toBe(true);
    const { response, text } = await fetchXml(file.slice(publicUrl.length));
    expect(response.status).toBe(200);
    const document = parseXml(text);
    expect(document.name).toBe('urlset');
    urls.push(...entriesOf(document));
  }
  return { files, urls, locs: urls.map((url) => url.loc) };
}

const create = async (token: string, title: string) => {
  const response = await client.call('POST', '/api/listings', { token, body: { ...validListing, title } });
  expect(response.status).toBe(201);
  return response.body as { id: string };
};

describe('robots.txt', () => {
  it('opens the site to crawlers but the private pages, and names the sitemap', async () => {
    const response = await fetch(`${server.baseUrl}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
    const lines = (await response.text()).split('\n');
    expect(lines.slice(0, 2)).toEqual(['User-agent: *', 'Allow: /']);
    for (const path of ['/dashboard', '/account', '/admin', '/messages', '/saved', '/auth', '/create-listing', '/subscribe/', '/api/', '/listing/*/edit']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines.filter((line) => line.startsWith('Disallow: '))).toHaveLength(crawlerDisallowedPaths.length);
    expect(lines).toContain(`Sitemap: ${publicUrl}/sitemap.xml`);
  });
});

describe('the sitemap', () => {
  const seeded = { active: [] as string[], sold: '', deleted: '', hidden: '', seller: '', formerSeller: '', nonSeller: '' };

  beforeAll(async () => {
    const seller = await sellerMember(client, server.database.db, { tier: 'connector' });
    for (const title of ['Cedar chest', 'Brass lamp', 'Wicker chair']) seeded.active.push((await create(seller.token, title)).id);
    seeded.sold = (await create(seller.token, 'Sold kettle')).id;
    await client.call('PATCH', `/api/listings/${seeded.sold}`, { token: seller.token, body: { isActive: false } });
    seeded.deleted = (await create(seller.token, 'Deleted rug')).id;
    expect((await client.call('DELETE', `/api/listings/${seeded.deleted}`, { token: seller.token })).status).toBe(204);
    // As an admin's hiding leaves it (the moderation flow is tested on its own).
    seeded.hidden = (await create(seller.token, 'Hidden clock')).id;
    await server.database.db.update(listings).set({ isActive: false, hiddenAt: new Date(), hiddenReason: 'moderator' }).where(eq(listings.id, seeded.hidden));
    seeded.seller = seller.user.id;

    // A member whose only listing has sold, and one who never listed.
    const former = await sellerMember(client, server.database.db);
    const gone = await create(former.token, 'Sold bike');
    await client.call('PATCH', `/api/listings/${gone.id}`, { token: former.token, body: { isActive: false } });
    seeded.formerSeller = former.user.id;
    seeded.nonSeller = (await registerMember(client)).user.id;
  });

  it('is an index of well-formed files naming the public pages, every active listing and its seller', async () => {
    const { files, urls, locs } = await readWholeSitemap();
    expect(files).toEqual([`${publicUrl}/sitemaps/pages.xml`, `${publicUrl}/sitemaps/listings-1-of-1.xml`, `${publicUrl}/sitemaps/sellers-1-of-1.xml`]);
    for (const path of publicPagePaths) expect(locs).toContain(`${publicUrl}${path}`);
    for (const id of seeded.active) expect(locs).toContain(`${publicUrl}/listing/${id}`);
    expect(locs).toContain(`${publicUrl}/seller/${seeded.seller}`);
    expect(new Set(locs).size).toBe(locs.length);
    // The listing's last change, as a W3C datetime.
    const [first] = await server.database.db.select({ updatedAt: listings.updatedAt }).from(listings).where(eq(listings.id, seeded.active[0]));
    const entry = urls.find((url) => url.loc === `${publicUrl}/listing/${seeded.active[0]}`);
    expect(entry?.lastmod).toBe(first.updatedAt.toISOString().replace(/\.\d{3}Z$/, 'Z'));
  });

  it('leaves out sold, deleted and hidden listings, and members with nothing for sale', async () => {
    const { locs } = await readWholeSitemap();
    for (const id of [seeded.sold, seeded.deleted, seeded.hidden]) expect(locs).not.toContain(`${publicUrl}/listing/${id}`);
    for (const id of [seeded.formerSeller, seeded.nonSeller]) expect(locs).not.toContain(`${publicUrl}/seller/${id}`);
  });

  it('splits listings by id range: the parts of any cut hold every listing once, each in its slice', async () => {
    const { locs } = await readWholeSitemap();
    const all = locs.filter((loc) => loc.includes('/listing/'));
    for (const parts of [2, 3, 7]) {
      const found: string[] = [];
      for (let part = 1; part <= parts; part += 1) {
        const ids = entriesOf(parseXml((await fetchXml(`/sitemaps/listings-${part}-of-${parts}.xml`)).text)).map((entry) => entry.loc.split('/').at(-1)!);
        for (const id of ids) {
          // The slice's share of the 128-bit id space, from the id's first 8 hex digits.
          const position = parseInt(id.slice(0, 8), 16) / 2 ** 32;
          expect(position).toBeGreaterThanOrEqual((part - 1) / parts - 1e-9);
          expect(position).toBeLessThan(part / parts + 1e-9);
        }
        expect([...ids].sort()).toEqual(ids);
        found.push(...ids.map((id) => `${publicUrl}/listing/${id}`));
      }
      expect(found.sort()).toEqual([...all].sort());
    }
  });

  it('reads a part in batches, keyset by id, and stops at the most a file may hold', async () => {
    const read = async (options: { batchSize: number; maxUrls?: number }) => {
      const stream = await streamSitemapFile(server.deps, { kind: 'listings', part: 1, parts: 1 }, options);
      let text = '';
      for await (const chunk of stream) text += chunk;
      return entriesOf(parseXml(text)).map((entry) => entry.loc);
    };
    const whole = await read({ batchSize: 5000 });
    expect(whole).toHaveLength(seeded.active.length);
    expect(await read({ batchSize: 1 })).toEqual(whole);
    expect(await read({ batchSize: 2 })).toEqual(whole);
    expect(await read({ batchSize: 2, maxUrls: 2 })).toEqual(whole.slice(0, 2));
  });

  it('sends XML, gzipped when the client accepts it', async () => {
    for (const path of ['/sitemap.xml', '/sitemaps/listings-1-of-1.xml']) {
      const plain = await fetchXml(path);
      expect(plain.response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
      expect(plain.response.headers.get('content-encoding')).toBeNull();
      expect(plain.response.headers.get('cache-control')).toBe('public, max-age=3600');
      expect(plain.response.headers.get('vary')?.toLowerCase()).toContain('accept-encoding');

      // Node's fetch would unzip by itself: read the raw bytes with a plain request.
      const zipped = await new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
        import('node:http').then(({ get }) =>
          get(`${server.baseUrl}${path}`, { headers: { 'accept-encoding': 'gzip, deflate, br' } }, (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
          }).on('error', reject),
        );
      });
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(zipped.body).toString('utf8')).toBe(plain.text);
    }
    // A q of 0 refuses gzip.
    expect((await fetchXml('/sitemaps/pages.xml', { 'accept-encoding': 'gzip;q=0' })).response.headers.get('content-encoding')).toBeNull();
  });

  it('answers a name that is no file with not found, never a failure', async () => {
    const names = [
      'listings-0-of-1.xml',
      'listings-2-of-1.xml',
      'listings-01-of-2.xml',
      'listings-1-of-0.xml',
      'listings-1-of-999999.xml',
      'listings-1.xml',
      'sellers-1-of-1.xml.gz',
      'members-1-of-1.xml',
      'pages.XML',
      '..%2F..%2Fetc%2Fpasswd',
      'a/b/c.xml',
      `listings-${'9'.repeat(400)}-of-1.xml`,
      '',
    ];
    for (const name of names) {
      const response = await client.get(`/sitemaps/${name}`);
      expect({ name, status: response.status, body: response.body }).toEqual({ name, status: 404, body: { message: 'Not found', code: 'NOT_FOUND' } });
    }
    // A NUL is refused before any route, as everywhere (http/reject-nul-characters.ts).
    expect((await client.get('/sitemaps/%00.xml')).status).toBe(400);
  });

  it('answers HEAD with the headers alone', async () => {
    const response = await fetch(`${server.baseUrl}/sitemaps/listings-1-of-1.xml`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(await response.text()).toBe('');
  });
});
