import type { S3Client } from '@aws-sdk/client-s3';
import { isValidKey, isValidOwner, mediaUrl, newKey } from './storage-keys.ts';
import type { Storage, StoredFile } from './storage.ts';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** S3-compatible endpoint (MinIO, R2, Spaces…); AWS itself when absent. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

/**
 * Media in an S3-compatible bucket. Objects are private: the browser never gets a bucket URL, it
 * loads `/api/media/<key>`, which checks the owner and streams the object through the app.
 * The original file name travels as object metadata (URI-encoded: S3 metadata is ASCII).
 */
export function createS3Storage(options: S3StorageOptions): Storage {
  // The SDK (~25 MB resident) is loaded on first use, so a server on local storage never pays for it.
  let loaded: Promise<{ sdk: typeof import('@aws-sdk/client-s3'); client: S3Client }> | undefined;
  const s3 = () => (loaded ??= import('@aws-sdk/client-s3').then((sdk) => ({ sdk, client: newClient(sdk, options) })));
  const { bucket } = options;

  return {
    kind: 's3',

    async save(accountId, data, meta) {
      const { sdk, client } = await s3();
      const key = newKey(accountId, meta);
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: data,
          ContentLength: data.length,
          ContentType: meta.mimetype || 'application/octet-stream',
          Metadata: meta.filename ? { filename: encodeURIComponent(meta.filename) } : undefined,
        }),
      );
      return { key, url: mediaUrl(key), size: data.length };
    },

    async read(key): Promise<StoredFile | null> {
      if (!isValidKey(key)) return null;
      const { sdk, client } = await s3();
      try {
        const res = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key }));
        const data = Buffer.from(await res.Body!.transformToByteArray());
        const filename = res.Metadata?.filename ? safeDecode(res.Metadata.filename) : null;
        return { data, mimetype: res.ContentType ?? 'application/octet-stream', filename, size: data.length };
      } catch (err) {
        if (
          err instanceof sdk.NoSuchKey ||
          (err instanceof sdk.S3ServiceException && err.$metadata.httpStatusCode === 404)
        )
          return null;
        throw err;
      }
    },

    async remove(key) {
      if (!isValidKey(key)) return;
      const { sdk, client } = await s3();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },

    async removeOwner(accountId) {
      if (!isValidOwner(accountId)) return 0;
      const { sdk, client } = await s3();
      let removed = 0;
      let token: string | undefined;
      do {
        const page = await client.send(
          new sdk.ListObjectsV2Command({ Bucket: bucket, Prefix: `${accountId}/`, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) {
          if (!object.Key) continue;
          await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: object.Key }));
          removed += 1;
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return removed;
    },
  };
}

function newClient(sdk: typeof import('@aws-sdk/client-s3'), options: S3StorageOptions): S3Client {
  return new sdk.S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    // Checksums only when the operation needs them: several S3-compatible servers reject the
    // newer default trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
