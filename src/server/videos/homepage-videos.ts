// Homepage videos (spec 4): uploading makes the new one active, one can be activated, any can be
// deleted; the database allows only one active row at a time.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { desc, eq } from 'drizzle-orm';
import { adminMessages, maxVideoNameLength, type HomepageVideo } from '../../domain/admin';
import { AppError, errorMessages } from '../../domain/errors';
import { uuidPattern } from '../../domain/listing';
import { isUniqueViolation } from '../db/errors';
import type { Database } from '../db/open-database';
import { homepageVideo } from '../db/schema';
import { recordAdminAction } from '../admin/record-admin-action';
import { sniffVideo } from './sniff-video';

export const videoUrl = (filename: string) => `/videos/${filename}`;

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

export async function listHomepageVideos(db: Database): Promise<HomepageVideo[]> {
  const rows = await db.select().from(homepageVideo).orderBy(desc(homepageVideo.createdAt));
  return rows.map(toView);
}

export async function findActiveHomepageVideo(db: Database): Promise<HomepageVideo | null> {
  const [row] = await db.select().from(homepageVideo).where(eq(homepageVideo.isActive, true)).limit(1);
  return row ? toView(row) : null;
}

type UploadParts = AsyncIterable<MultipartFile | { type: 'field'; fieldname: string; value: unknown }>;

/**
 * Streams the upload to disk (never whole in memory), checks its real type from its first bytes,
 * and makes it the active video.
 */
export async function uploadHomepageVideo(input: { db: Database; videosDir: string; actorId: string; parts: UploadParts }): Promise<HomepageVideo> {
  const { db, videosDir } = input;
  const temporary = path.join(videosDir, `.upload-${randomUUID()}`);
  let displayName = '';
  let received: { bytes: number; mimetype: string } | null = null;
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
      let bytes = 0;
      part.file.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      await pipeline(part.file, createWriteStream(temporary)).catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', adminMessages.videoTooLarge);
        throw error;
      });
      if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', adminMessages.videoTooLarge);
      received = { bytes, mimetype: part.mimetype };
    }
    if (!received || received.bytes === 0 || !displayName) throw new AppError('VALIDATION_FAILED', adminMessages.missingVideoName);
    if (displayName.includes('\u0000')) throw new AppError('VALIDATION_FAILED', errorMessages.nulCharacter);
    if (displayName.length > maxVideoNameLength) throw new AppError('VALIDATION_FAILED', `Keep the display name under ${maxVideoNameLength} characters.`);

    const handle = await open(temporary, 'r');
    const head = Buffer.alloc(16);
    await handle.read(head, 0, 16, 0);
    await handle.close();
    const format = sniffVideo(head);
    if (!format) throw new AppError('UNSUPPORTED_MEDIA_TYPE', adminMessages.videoNotRecognised);

    const filename = `${randomUUID()}.${format.extension}`;
    await rename(temporary, path.join(videosDir, filename));
    const fileSize = received.bytes;
    const row = await db.transaction(async (tx) => {
      await tx.update(homepageVideo).set({ isActive: false }).where(eq(homepageVideo.isActive, true));
      const [created] = await tx.insert(homepageVideo).values({ filename, displayName, fileSize, isActive: true, uploadedBy: input.actorId }).returning();
      await recordAdminAction(tx, { actorId: input.actorId, action: 'upload_video', details: { displayName, filename, fileSize } });
      return created;
    });
    return toView(row);
  } finally {
    await rm(temporary, { force: true });
  }
}

export async function activateHomepageVideo(db: Database, input: { actorId: string; id: string }): Promise<HomepageVideo> {
  if (!uuidPattern.test(input.id)) throw new AppError('NOT_FOUND', adminMessages.videoNotFound);
  const attempt = () =>
    db.transaction(async (tx) => {
      const [target] = await tx.select().from(homepageVideo).where(eq(homepageVideo.id, input.id)).for('update');
      if (!target) throw new AppError('NOT_FOUND', adminMessages.videoNotFound);
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

export async function deleteHomepageVideo(db: Database, input: { actorId: string; id: string; videosDir: string }): Promise<void> {
  if (!uuidPattern.test(input.id)) throw new AppError('NOT_FOUND', adminMessages.videoNotFound);
  const row = await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(homepageVideo).where(eq(homepageVideo.id, input.id)).returning();
    if (!deleted) throw new AppError('NOT_FOUND', adminMessages.videoNotFound);
    await recordAdminAction(tx, { actorId: input.actorId, action: 'delete_video', details: { displayName: deleted.displayName } });
    return deleted;
  });
  await rm(path.join(input.videosDir, row.filename), { force: true });
}
