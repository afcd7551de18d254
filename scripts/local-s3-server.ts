// A real S3-compatible server on this computer (s3rver, files in a temporary folder) for the API
// tests and the media benchmark: the app talks to it through the AWS SDK exactly as to a bucket
// in the cloud, so nothing of the SDK is mocked.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Settings } from '../src/server/config';
import { createS3Client } from '../src/server/services/s3-storage';

export type LocalS3 = {
  endpoint: string;
  bucket: string;
  /** The settings an app server needs to keep its media here (S3_BUCKET, S3_ENDPOINT, …). */
  environment: Record<string, string>;
  settings: S3Settings;
  /** A client of its own, for the tests to look into the bucket. */
  client: S3Client;
  /** Every key in the bucket under a prefix. */
  keys: (prefix?: string) => Promise<string[]>;
  /** The bytes stored under a key, or null. */
  bytesOf: (key: string) => Promise<Buffer | null>;
  close: () => Promise<void>;
};

const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export async function startLocalS3(options: { bucket?: string; port?: number } = {}): Promise<LocalS3> {
  const bucket = options.bucket ?? 'neighbourly-media';
  const directory = await mkdtemp(path.join(os.tmpdir(), 'marketplace-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: options.port ?? 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const settings: S3Settings = { bucket, endpoint, region: 'us-east-1', credentials, forcePathStyle: true, publicUrl: undefined };
  const client = createS3Client(settings);
  return {
    endpoint,
    bucket,
    settings,
    environment: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    client,
    keys: async (prefix = '') => {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
        keys.push(...(page.Contents ?? []).map((object) => object.Key!));
        token = page.NextContinuationToken;
      } while (token);
      return keys.sort();
    },
    bytesOf: async (key) => {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key })).catch(() => null);
      return object ? Buffer.from(await object.Body!.transformToByteArray()) : null;
    },
    close: async () => {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
