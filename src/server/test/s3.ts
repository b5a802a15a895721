import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from '@20minutes/s3rver';
import type { S3Settings } from '../env';

// The SDK warns once a process that Node 20 will lose support in 2027; tests need not say it every run.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

export interface TestS3 {
  /** Settings for the server's one bucket, as loadEnv would give them from S3_* variables. */
  settings: S3Settings;
  close(): Promise<void>;
}

/**
 * An S3-compatible server in this process (s3rver) on a free loopback port, storing under a fresh temp
 * folder, with one empty bucket. It checks request signatures: a client with other keys is refused.
 */
export async function startTestS3(bucket = 'yaadcare-files'): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'yc-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    settings: {
      bucket,
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      forcePathStyle: true,
      // s3rver's own account.
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
