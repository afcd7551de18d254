// Photos made to attack the server: polyglots, appended payloads, decompression bombs, broken
// files, lying content types and location data. What is stored is always a clean re-encode.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { imageMessages } from '../../src/domain/images';
import { makePhoto, sellerMember, uploadPhoto } from './support/factories';
import { useTestServer } from './support/use-test-server';

const { server, client } = useTestServer();
let token: string;

beforeAll(async () => {
  token = (await sellerMember(client, server.database.db, { tier: 'connector' })).token;
});

const upload = (bytes: Buffer, options: { filename?: string; type?: string } = {}) => uploadPhoto(server.baseUrl, token, bytes, options);
const readStored = (url: string) => readFile(path.join(server.config.dataDir, url.replace(/^\//, '')));

async function storedFiles(): Promise<string[]> {
  const entries = await readdir(path.join(server.config.dataDir, 'media'), { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** Both stored sizes of an accepted upload. */
async function storedSizes(body: { url: string; thumbnailUrl: string }): Promise<Buffer[]> {
  return [await readStored(body.url), await readStored(body.thumbnailUrl)];
}

/** A clean JPEG: starts with SOI, ends with EOI, and nothing hides after it. */
function expectCleanJpeg(bytes: Buffer, hidden: string[]) {
  expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  expect(bytes.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
  for (const text of hidden) expect(bytes.includes(Buffer.from(text)), `stored file still holds ${JSON.stringify(text)}`).toBe(false);
}

/** A JPEG with a comment segment (COM) right after its start marker. */
function withJpegComment(jpeg: Buffer, comment: string): Buffer {
  const text = Buffer.from(comment);
  const length = text.length + 2;
  return Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xfe, length >> 8, length & 0xff]), text, jpeg.subarray(2)]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A black 1-bit PNG that declares width × height; its pixels deflate to almost nothing. */
async function pngBomb(width: number, height: number): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, no interlace
  const rowBytes = 1 + Math.ceil(width / 8);
  const deflate = zlib.createDeflate({ level: 9 });
  const compressed: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => compressed.push(chunk));
  const rowsPerChunk = Math.max(1, Math.floor((1024 * 1024) / rowBytes));
  const zeros = Buffer.alloc(rowsPerChunk * rowBytes);
  for (let row = 0; row < height; row += rowsPerChunk) {
    const rows = Math.min(rowsPerChunk, height - row);
    if (!deflate.write(zeros.subarray(0, rows * rowBytes))) await once(deflate, 'drain');
  }
  deflate.end();
  await once(deflate, 'end');
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.concat(compressed)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real JPEG whose frame header claims other dimensions than the pixels it carries. */
function withDeclaredJpegSize(jpeg: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(jpeg);
  for (let offset = 2; offset < copy.length - 9; offset += 1) {
    if (copy[offset] === 0xff && (copy[offset + 1] === 0xc0 || copy[offset + 1] === 0xc2)) {
      copy.writeUInt16BE(height, offset + 5);
      copy.writeUInt16BE(width, offset + 7);
      return copy;
    }
  }
  throw new Error('no frame header found');
}

/** A one-file ZIP archive (stored, not compressed), as appended to "GIFAR"-style polyglots. */
function zipArchive(name: string, content: string): Buffer {
  const fileName = Buffer.from(name);
  const data = Buffer.from(content);
  const crc = zlib.crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  const localLength = local.length + fileName.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(localLength, 16);
  return Buffer.concat([local, fileName, data, central, fileName, end]);
}

const htmlPayload = '<html><body><script>window.__pwned = 1</script></body></html>';
const phpPayload = '<?php echo shell_exec($_GET["cmd"]); ?>';

describe('polyglots and appended payloads', () => {
  it('stores a JPEG that is also an HTML page as a clean photo, served as a JPEG that browsers will not sniff', async () => {
    const polyglot = Buffer.concat([withJpegComment(await makePhoto(), htmlPayload), Buffer.from(htmlPayload)]);
    const response = await upload(polyglot, { filename: 'holiday.html', type: 'text/html' });
    expect(response.status).toBe(201);
    for (const stored of await storedSizes(response.body)) expectCleanJpeg(stored, ['<script', '<html']);

    const served = await fetch(`${server.baseUrl}${response.body.url}`);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).includes(Buffer.from('<script'))).toBe(false);
  });

  it('drops PHP and a ZIP archive appended to a PNG', async () => {
    const png = await makePhoto({ format: 'png' });
    for (const [label, payload] of [
      ['PHP', Buffer.from(phpPayload)],
      ['ZIP', zipArchive('shell.php', phpPayload)],
    ] as const) {
      const response = await upload(Buffer.concat([png, payload]), { filename: 'photo.png', type: 'image/png' });
      expect(response.status, label).toBe(201);
      expect(response.body.url, label).toMatch(/\.jpg$/);
      for (const stored of await storedSizes(response.body)) expectCleanJpeg(stored, ['<?php', 'PK\u0003\u0004', 'PK\u0005\u0006', 'shell.php']);
    }
  });
});

describe('decompression bombs', () => {
  it('refuses a 30000 × 30000 PNG of 100 KB with a clear message, stores nothing and keeps answering with bounded memory', async () => {
    const bomb = await pngBomb(30_000, 30_000);
    expect(bomb.length).toBeLessThan(200 * 1024);
    const jpegBomb = withDeclaredJpegSize(await makePhoto({ width: 64, height: 64 }), 30_000, 30_000);
    const filesBefore = await storedFiles();
    const rssBefore = process.memoryUsage().rss;

    const attempts = await Promise.all([
      ...Array.from({ length: 3 }, () => upload(bomb, { filename: 'bomb.png', type: 'image/png' })),
      upload(jpegBomb, { filename: 'bomb.jpg' }),
    ]);
    const health = client.get('/api/health');
    for (const attempt of attempts) {
      expect(attempt.status).toBe(413);
      expect(attempt.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: imageMessages.tooManyPixels });
    }
    expect((await health).status).toBe(200);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(150 * 1024 * 1024);
    expect(await storedFiles()).toEqual(filesBefore);

    // Still takes an ordinary photo afterwards.
    expect((await upload(await makePhoto())).status).toBe(201);
  });
});

describe('broken files', () => {
  it('refuses a truncated PNG and a JPEG cut off before its pixels, and stores nothing', async () => {
    const filesBefore = await storedFiles();
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#ffffff', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).png().toBuffer();
    const jpeg = await makePhoto();
    const startOfScan = jpeg.indexOf(Buffer.from([0xff, 0xda]));
    for (const [label, bytes, type] of [
      ['PNG cut in half', png.subarray(0, Math.floor(png.length / 2)), 'image/png'],
      ['PNG missing its last rows', png.subarray(0, png.length - 2000), 'image/png'],
      ['JPEG headers only', jpeg.subarray(0, startOfScan + 20), 'image/jpeg'],
    ] as const) {
      const response = await upload(bytes, { type });
      expect(response.status, label).toBe(415);
      expect(response.body.message, label).toBe(imageMessages.unreadable);
    }
    expect(await storedFiles()).toEqual(filesBefore);
  });
});

describe('content types that lie', () => {
  it('goes by the bytes: a PNG sent as a JPEG and a JPEG sent as HTML are stored as clean JPEGs', async () => {
    const pngAsJpeg = await upload(await makePhoto({ format: 'png', width: 300, height: 200 }), { filename: 'photo.jpg', type: 'image/jpeg' });
    expect(pngAsJpeg.status).toBe(201);
    expect(pngAsJpeg.body).toMatchObject({ width: 300, height: 200, url: expect.stringMatching(/\.jpg$/) });
    const jpegAsHtml = await upload(await makePhoto(), { filename: 'index.html', type: 'text/html' });
    expect(jpegAsHtml.status).toBe(201);
    expect((await sharp(await readStored(jpegAsHtml.body.url)).metadata()).format).toBe('jpeg');
  });

  it('refuses HTML, an SVG with a script and a GIF that claim to be photos', async () => {
    const filesBefore = await storedFiles();
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script><rect width="100" height="100"/></svg>`;
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#ec4d37' } }).gif().toBuffer();
    for (const [label, bytes, type, message] of [
      ['HTML as PNG', Buffer.from(htmlPayload.repeat(10)), 'image/png', imageMessages.unreadable],
      ['SVG as PNG', Buffer.from(svg), 'image/png', imageMessages.invalidType],
      ['GIF as WebP', gif, 'image/webp', imageMessages.invalidType],
    ] as const) {
      const response = await upload(bytes, { type, filename: 'photo.png' });
      expect(response.status, label).toBe(415);
      expect(response.body.message, label).toBe(message);
    }
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it('refuses a photo sent as a raw body instead of a form, with a clear message', async () => {
    const response = await fetch(`${server.baseUrl}/api/uploads/images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'image/jpeg' },
      body: new Uint8Array(await makePhoto()),
    });
    expect(response.status).toBe(415);
    expect(((await response.json()) as { message: string }).message).toBeTruthy();
  });
});

describe('location data', () => {
  it('removes GPS and every other metadata block from both stored sizes, keeping the photo upright', async () => {
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2f9e68' } })
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { Make: 'PhoneMaker', Model: 'Secret Phone' },
        IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '37/1 48/1 3012/100', GPSLongitudeRef: 'E', GPSLongitude: '144/1 57/1 3600/100' },
      })
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="37,48.502S"/></rdf:RDF></x:xmpmeta>')
      .jpeg()
      .toBuffer();
    const before = await sharp(photo).metadata();
    expect(before.exif?.includes(Buffer.from('Secret Phone'))).toBe(true);
    expect(before.orientation).toBe(6);
    expect(before.xmp).toBeDefined();

    const response = await upload(photo);
    expect(response.status).toBe(201);
    // Orientation 6 means "turn a quarter": the stored photo is portrait, as the camera held it.
    expect(response.body).toMatchObject({ width: 600, height: 800 });
    for (const stored of await storedSizes(response.body)) {
      const metadata = await sharp(stored).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.orientation ?? 1).toBe(1);
      expect(metadata.height).toBeGreaterThan(metadata.width!);
      expectCleanJpeg(stored, ['Exif\u0000\u0000', 'Secret Phone', 'GPSLatitude', 'PhoneMaker']);
    }
  });
});
