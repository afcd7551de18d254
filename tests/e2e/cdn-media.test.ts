// Photos and videos kept in a bucket behind a CDN (MEDIA_PUBLIC_URL): /media/… and /videos/… answer
// with a redirect to the CDN's origin, and Chromium loads them from there only when the pages'
// Content-Security-Policy allows that origin for images and media. The bucket is a real local S3
// server; the CDN is a stand-in on another port that serves the bucket's objects.
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalS3, startLocalS3 } from '../../scripts/local-s3-server';
import { useJourney } from './support/journey';

const contentTypes: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', webm: 'video/webm', mp4: 'video/mp4' };

type Cdn = { origin: string; served: string[]; close: () => Promise<void> };

/** Serves GET /<key> from the bucket, as a CDN in front of it does, and notes each key it served. */
async function startCdn(bucket: LocalS3): Promise<Cdn> {
  const served: string[] = [];
  const server = http.createServer((request, response) => {
    const key = decodeURIComponent((request.url ?? '/').split('?')[0].slice(1));
    bucket.bytesOf(key).then(
      (bytes) => {
        if (!bytes) return response.writeHead(404).end();
        served.push(key);
        const type = contentTypes[key.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
        response.writeHead(200, { 'content-type': type, 'content-length': bytes.length, 'cache-control': 'public, max-age=60' }).end(bytes);
      },
      () => response.writeHead(502).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    origin: `http://127.0.0.1:${port}`,
    served,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let bucket: LocalS3 | undefined;
let cdn: Cdn | undefined;
beforeAll(async () => {
  bucket = await startLocalS3();
  cdn = await startCdn(bucket);
});
afterAll(async () => {
  await cdn?.close();
  await bucket?.close();
});

const adminEmail = `cdn-admin-${Date.now()}@example.com`;
const { api, baseUrl, openPageAs, verifiedSeller, adminMember } = useJourney({
  name: 'cdn-media',
  // Read when the journey's server starts, after the bucket and the CDN above.
  env: () => ({ ...bucket!.environment, MEDIA_PUBLIC_URL: cdn!.origin, ADMIN_EMAILS: adminEmail }),
});

/** The page's Content-Security-Policy refusals, as the page itself hears of them. */
async function recordRefusals(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const refusals: string[] = [];
    (window as unknown as { cspRefusals: string[] }).cspRefusals = refusals;
    document.addEventListener('securitypolicyviolation', (event) => refusals.push(`${event.effectiveDirective} ${event.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { cspRefusals: string[] }).cspRefusals);
}

async function upload(path: string, token: string, field: string, file: { bytes: Buffer; type: string; name: string }, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const response = await fetch(`${baseUrl()}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { url: string; filename?: string };
}

describe('media behind a CDN, in Chromium', () => {
  it('shows a listing’s photo, which the page loads from the CDN’s origin', async () => {
    const seller = await verifiedSeller({ firstName: 'Cleo' });
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 20, g: 120, b: 90 } } }).jpeg().toBuffer();
    const { url } = await upload('/api/uploads/images', seller.token, 'image', { bytes: photo, type: 'image/jpeg', name: 'lamp.jpg' });
    const listing = await api.callApi<{ id: string }>('POST', '/api/listings', {
      token: seller.token,
      body: { title: 'Green desk lamp', description: 'Works well, warm light, pick up any evening.', price: '25', category: 'other', imageUrls: [url] },
    });

    const visitor = await openPageAs(null);
    const refusals = await recordRefusals(visitor);
    await visitor.goto(`/listing/${listing.id}`);
    const shown = visitor.locator(`img[src="${url}"]`).first();
    await expect.poll(() => shown.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth), { timeout: 20_000 }).toBe(640);
    expect(cdn!.served).toContain(url.replace(/^\//, ''));
    expect(await refusals()).toEqual([]);
  });

  it('plays the homepage video, which the page loads from the CDN’s origin', async () => {
    const admin = await adminMember();
    const video = await readFile(new URL('../../src/web/public/videos/default.webm', import.meta.url));
    const uploaded = await upload('/api/admin/homepage-videos', admin.token, 'video', { bytes: video, type: 'video/webm', name: 'street.webm' }, { displayName: 'Street fair' });

    const visitor = await openPageAs(null);
    const refusals = await recordRefusals(visitor);
    await visitor.goto('/');
    const heroVideo = visitor.getByRole('region', { name: /Buy and sell with the neighbours/ }).locator('video');
    await expect.poll(() => heroVideo.evaluate((element: HTMLVideoElement) => element.currentSrc), { timeout: 20_000 }).toMatch(new RegExp(`${uploaded.url}$`));
    await expect.poll(() => heroVideo.evaluate((element: HTMLVideoElement) => element.readyState >= 1 && element.duration > 0), { timeout: 20_000 }).toBe(true);
    expect(cdn!.served).toContain(uploaded.url.replace(/^\//, ''));
    expect(await refusals()).toEqual([]);
  });
});
