// Media in an S3-compatible bucket (AWS S3, R2, MinIO), so every app server sees every upload
// (decision 24). Keys are the same as on local disk ("media/listings/ab/cd.jpg"), and so are the
// URLs put() returns ("/media/listings/ab/cd.jpg"): a stored URL keeps its meaning when media moves.
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Settings } from '../config';
import { MediaStorageError, isSafeKey, uploadCacheControl, type MediaStorage, type ReadConditions, type StoredMedia } from './storage';

/** A part of a streamed upload: S3's smallest. With two in flight, a 200 MB video holds at most ~10 MB in memory. */
const partBytes = 5 * 1024 * 1024;
const partsInFlight = 2;

export type S3MediaStorage = MediaStorage & {
  /** The stored size of a key, or null when nothing is stored under it. */
  sizeOf: (key: string) => Promise<number | null>;
  /**
   * Throws a message naming S3_BUCKET and S3_ENDPOINT when the bucket cannot be reached: readiness
   * (GET /api/health/ready), and a production server's start (create-deps.ts).
   */
  check: () => Promise<void>;
  close: () => void;
};

export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // Checksums only where S3 requires them: S3-compatible servers do not all read the newer
    // trailing-checksum uploads, and TLS already guards the bytes in transit.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // An unreachable endpoint fails in seconds, not after the operating system's minutes.
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 30_000 },
    maxAttempts: 3,
  });
}

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);

function checkedKey(key: string): string {
  if (!isSafeKey(key)) throw new Error(`unsafe media key: ${key}`);
  return key;
}

/** What went wrong, in a line: the SDK's error name and message, or the network's code. */
function describeFailure(error: unknown): string {
  if (error instanceof S3ServiceException) return `${error.name} (${error.$metadata.httpStatusCode ?? 'no status'}): ${error.message}`;
  if (error instanceof Error) return [(error as { code?: string }).code, error.message].filter(Boolean).join(': ');
  return String(error);
}

export function createS3MediaStorage(settings: S3Settings): S3MediaStorage {
  const client = createS3Client(settings);
  const Bucket = settings.bucket;

  const checkBucket = async () => {
    try {
      await client.send(new HeadBucketCommand({ Bucket }));
    } catch (error) {
      const where = settings.endpoint ? `S3_ENDPOINT ${settings.endpoint}` : `AWS S3 in S3_REGION ${settings.region}`;
      throw new MediaStorageError(
        `Media storage unreachable: S3_BUCKET "${Bucket}" at ${where} could not be reached (${describeFailure(error)}). Check S3_BUCKET, S3_ENDPOINT and the S3 credentials; the server will not start without its media.`,
        { cause: error },
      );
    }
  };

  const read = async (key: string, conditions: ReadConditions): Promise<StoredMedia | null> => {
    try {
      const object = await client.send(new GetObjectCommand({ Bucket, Key: checkedKey(key), Range: conditions.range, IfNoneMatch: conditions.ifNoneMatch }));
      const headers: Record<string, string | number> = { 'accept-ranges': 'bytes', 'cache-control': object.CacheControl ?? uploadCacheControl };
      if (object.ContentType) headers['content-type'] = object.ContentType;
      if (object.ContentLength !== undefined) headers['content-length'] = object.ContentLength;
      if (object.ETag) headers.etag = object.ETag;
      if (object.LastModified) headers['last-modified'] = object.LastModified.toUTCString();
      if (object.ContentRange) headers['content-range'] = object.ContentRange;
      return { status: object.ContentRange ? 206 : 200, body: object.Body as Readable, headers };
    } catch (error) {
      if (isMissing(error)) return null;
      // The browser's copy is current: S3 answers 304 as an error without a body.
      const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
      if (status === 304) return { status, body: null, headers: { etag: conditions.ifNoneMatch ?? '', 'cache-control': uploadCacheControl } };
      if (status === 416) return { status, body: null, headers: { 'content-range': 'bytes */*' } };
      throw error;
    }
  };

  return {
    put: async (key, bytes, contentType) => {
      try {
        await client.send(new PutObjectCommand({ Bucket, Key: checkedKey(key), Body: bytes, ContentType: contentType, CacheControl: uploadCacheControl }));
      } catch (error) {
        throw new MediaStorageError(`could not store ${key} in bucket ${Bucket}: ${describeFailure(error)}`, { cause: error });
      }
      return `/${key}`;
    },
    putStream: async (key, source, contentType) => {
      // The source's own failure (a client that went away, a file over its limit) is what the
      // caller must hear, not the upload's that followed from it.
      let sourceError: unknown;
      source.once('error', (error) => (sourceError = error));
      const upload = new Upload({
        client,
        params: { Bucket, Key: checkedKey(key), Body: source, ContentType: contentType, CacheControl: uploadCacheControl },
        partSize: partBytes,
        queueSize: partsInFlight,
        // A failed multipart upload is aborted, so its parts are not kept (and billed).
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        // A multipart upload is only visible once completed; a failed one is aborted above. When
        // the abort itself fails (an endpoint gone), the bucket's lifecycle rule for incomplete
        // uploads clears the parts (decision 24).
        if (sourceError) throw sourceError;
        throw new MediaStorageError(`could not store ${key} in bucket ${Bucket}: ${describeFailure(error)}`, { cause: error });
      }
      return `/${key}`;
    },
    remove: async (key) => {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkedKey(key) }));
    },
    serving: { from: 'bucket', publicUrl: settings.publicUrl, read },
    sizeOf: async (key) => {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: checkedKey(key) }));
        return head.ContentLength ?? 0;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    check: checkBucket,
    close: () => client.destroy(),
  };
}
