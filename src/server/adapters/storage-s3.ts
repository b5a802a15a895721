import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from '../env';
import { loadS3 } from './lazy-modules';
import { assertValidKey, type FileStorage } from './storage-keys';

/**
 * The client for the settings: path-style for most S3-compatible servers, bounded waits. The SDK is loaded
 * here, on first use, so a server without S3_BUCKET never loads it.
 */
export async function createS3Client(s3: S3Settings): Promise<S3Client> {
  const { S3Client } = await loadS3();
  return new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: s3.forcePathStyle,
    // Without keys the SDK's own chain answers (AWS_* variables, an instance or task role).
    credentials:
      s3.accessKeyId && s3.secretAccessKey
        ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey }
        : undefined,
    // Checksums only where S3 requires them: several S3-compatible servers refuse the newer default
    // CRC32 headers. Sizes are checked by files:migrate; TLS protects the bytes on the way.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A stalled store must not hold a request open for ever; the SDK retries twice on its own.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
    maxAttempts: 3,
  });
}

const isNotFound = (err: unknown) =>
  (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode === 404;

/**
 * Files as objects in an S3-compatible bucket (ADR 0016), used when S3_BUCKET is set. Objects are private:
 * no ACL is ever sent, so they take the bucket's (keep Block Public Access on); the bytes reach users only
 * through the access-checked routes.
 */
export function createS3Storage(s3: S3Settings, given?: S3Client): FileStorage {
  const Bucket = s3.bucket;
  let client: Promise<S3Client> | undefined;
  /** The client and the SDK's commands, made on the first call. */
  const sdk = async () => {
    client ??= given ? Promise.resolve(given) : createS3Client(s3);
    return { client: await client, ...(await loadS3()) };
  };
  return {
    kind: 's3',
    async put(key, body, contentType) {
      assertValidKey(key);
      const { client, PutObjectCommand } = await sdk();
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
        }),
      );
    },
    async get(key) {
      assertValidKey(key);
      const { client, GetObjectCommand } = await sdk();
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!res.Body) return undefined;
        const bytes = await res.Body.transformToByteArray();
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (err) {
        if (isNotFound(err)) return undefined;
        throw err;
      }
    },
    async size(key) {
      assertValidKey(key);
      const { client, HeadObjectCommand } = await sdk();
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return res.ContentLength;
      } catch (err) {
        if (isNotFound(err)) return undefined;
        throw err;
      }
    },
    async delete(key) {
      assertValidKey(key);
      const { client, DeleteObjectCommand } = await sdk();
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
