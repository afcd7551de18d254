// Homepage videos (spec 4): uploading makes the new one active, one can be activated, any can be
// deleted; the database allows only one active row at a time. The files live in the media storage
// (services/storage.ts) under videos/, served at /videos/{filename}.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import { desc, eq } from 'drizzle-orm';
import { adminMessages, maxVideoNameLength, type HomepageVideo } from '../../domain/admin';
import { AppError } from '../../domain/errors';
import { uuidPattern } from '../../domain/listing';
import { recordAdminAction } from '../admin';
import { isUniqueViolation } from '../db/errors';
import { homepageVideo } from '../db/schema';
import { writeTransaction } from '../db/write-transaction';
import type { ServerDeps } from '../deps';
import { MediaStorageError } from '../services/storage';
import { sniffVideo, videoHeadBytes, type VideoFormat } from './sniff-video';

export const videoUrl = (filename: string) => `/videos/${filename}`;
const videoKey = (filename: string) => `videos/${filename}`;

function toView(row: typeof homepageVideo.$inferSelect): HomepageVideo {
  return {
    id: row.id,
    filename: row.filename,
    displayName: row.displayName,
    fileSize: row.fileSize,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    url: videoUrl(row.filename),
  };
}

export async function listHomepageVideos(deps: ServerDeps): Promise<HomepageVideo[]> {
  const rows = await deps.db.select().from(homepageVideo).orderBy(desc(homepageVideo.createdAt));
  return rows.map(toView);
}

export async function findActiveHomepageVideo(deps: ServerDeps): Promise<HomepageVideo | null> {
  const [row] = await deps.db.select().from(homepageVideo).where(eq(homepageVideo.isActive, true)).limit(1);
  return row ? toView(row) : null;
}

type UploadParts = AsyncIterable<MultipartFile | { type: 'field'; fieldname: string; value: unknown }>;

/**
 * The first bytes of a stream (to tell its real type), and the whole stream, those bytes included,
 * to read on: nothing more is held in memory than what arrived first. `counted` hears every chunk.
 */
async function readHead(source: Readable, size: number, counted: (chunk: Buffer) => void): Promise<{ head: Buffer; whole: Readable }> {
  const chunks = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const first: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < size) {
    const next = await chunks.next();
    if (next.done) {
      ended = true;
      break;
    }
    counted(next.value);
    first.push(next.value);
    length += next.value.length;
  }
  async function* whole() {
    yield* first;
    if (ended) return;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
      counted(next.value);
      yield next.value;
    }
  }
  return { head: Buffer.concat(first).subarray(0, size), whole: Readable.from(whole(), { objectMode: false }) };
}

/**
 * Streams the upload into the media storage (never whole in memory), checks its real type from its
 * first bytes, and makes it the active video.
 */
export async function uploadHomepageVideo(deps: ServerDeps, input: { actorId: string; parts: UploadParts }): Promise<HomepageVideo> {
  let displayName = '';
  let received: { bytes: number; filename: string | null } | null = null;
  try {
    for await (const part of input.parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'displayName' && typeof part.value === 'string') displayName = part.value.trim();
        continue;
      }
      if (part.fieldname !== 'video' || received) {
        part.file.resume();
        continue;
      }
      if (!part.mimetype.startsWith('video/')) {
        part.file.resume();
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', adminMessages.videoWrongType);
      }
      received = await storeVideo(deps, part.file).catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', adminMessages.videoTooLarge);
        // The bucket failed, not the upload: the member may try again (nothing of it was kept).
        if (error instanceof MediaStorageError) throw new AppError('MEDIA_NOT_SAVED', adminMessages.videoNotSaved);
        throw error;
      });
      if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', adminMessages.videoTooLarge);
    }
    if (!received || received.bytes === 0 || !displayName) throw new AppError('VALIDATION_FAILED', adminMessages.missingVideoName);
    if (displayName.includes('\u0000')) throw new AppError('NUL_CHARACTER');
    if (displayName.length > maxVideoNameLength) throw new AppError('VALIDATION_FAILED', `Keep the display name under ${maxVideoNameLength} characters.`);
    if (!received.filename) throw new AppError('UNSUPPORTED_MEDIA_TYPE', adminMessages.videoNotRecognised);

    const filename = received.filename;
    const fileSize = received.bytes;
    const row = await writeTransaction(deps, async (tx, changes) => {
      changes.touch('homepageVideo');
      await tx.update(homepageVideo).set({ isActive: false }).where(eq(homepageVideo.isActive, true));
      const [created] = await tx.insert(homepageVideo).values({ filename, displayName, fileSize, isActive: true, uploadedBy: input.actorId }).returning();
      await recordAdminAction(tx, { actorId: input.actorId, action: 'upload_video', details: { displayName, filename, fileSize } });
      return created;
    });
    received = null;
    return toView(row);
  } finally {
    // Stored but refused (or not recorded): the file goes again.
    if (received?.filename) await deps.storage.remove(videoKey(received.filename));
  }
}

/**
 * The video's size and file name in storage; no name (and nothing stored) when its bytes are not a
 * video we know.
 */
async function storeVideo(deps: ServerDeps, file: Readable): Promise<{ bytes: number; filename: string | null }> {
  let bytes = 0;
  const { head, whole } = await readHead(file, videoHeadBytes, (chunk) => {
    bytes += chunk.length;
  });
  const format: VideoFormat | null = sniffVideo(head);
  if (!format) {
    // Read to its end, so the request finishes and its size limit still applies.
    for await (const _chunk of whole);
    return { bytes, filename: null };
  }
  const filename = `${randomUUID()}.${format.extension}`;
  await deps.storage.putStream(videoKey(filename), whole, format.contentType);
  return { bytes, filename };
}
export async function activateHomepageVideo(deps: ServerDeps, input: { actorId: string; id: string }): Promise<HomepageVideo> {
  if (!uuidPattern.test(input.id)) throw new AppError('VIDEO_NOT_FOUND');
  const attempt = () =>
    writeTransaction(deps, async (tx, changes) => {
      changes.touch('homepageVideo');
      const [target] = await tx.select().from(homepageVideo).where(eq(homepageVideo.id, input.id)).for('update');
      if (!target) throw new AppError('VIDEO_NOT_FOUND');
      await tx.update(homepageVideo).set({ isActive: false }).where(eq(homepageVideo.isActive, true));
      const [activated] = await tx.update(homepageVideo).set({ isActive: true }).where(eq(homepageVideo.id, input.id)).returning();
      await recordAdminAction(tx, { actorId: input.actorId, action: 'activate_video', details: { displayName: activated.displayName } });
      return activated;
    });
  // Two admins activating at once: the database lets one win; the other tries once more.
  const row = await attempt().catch((error: unknown) => {
    if (isUniqueViolation(error)) return attempt();
    throw error;
  });
  return toView(row);
}

export async function deleteHomepageVideo(deps: ServerDeps, input: { actorId: string; id: string }): Promise<void> {
  if (!uuidPattern.test(input.id)) throw new AppError('VIDEO_NOT_FOUND');
  const row = await writeTransaction(deps, async (tx, changes) => {
      changes.touch('homepageVideo');
    const [deleted] = await tx.delete(homepageVideo).where(eq(homepageVideo.id, input.id)).returning();
    if (!deleted) throw new AppError('VIDEO_NOT_FOUND');
    await recordAdminAction(tx, { actorId: input.actorId, action: 'delete_video', details: { displayName: deleted.displayName } });
    return deleted;
  });
  await deps.storage.remove(videoKey(row.filename));
}
