import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { isValidKey, mediaUrl, newKey } from './storage-keys.ts';
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
  const client = new S3Client({
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
  const { bucket } = options;

  return {
    kind: 's3',

    async save(userId, data, meta) {
      const key = newKey(userId, meta);
      await client.send(
        new PutObjectCommand({
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
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        const data = Buffer.from(await res.Body!.transformToByteArray());
        const filename = res.Metadata?.filename ? safeDecode(res.Metadata.filename) : null;
        return { data, mimetype: res.ContentType ?? 'application/octet-stream', filename, size: data.length };
      } catch (err) {
        if (err instanceof NoSuchKey || (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404)) return null;
        throw err;
      }
    },

    async remove(key) {
      if (!isValidKey(key)) return;
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
  };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
