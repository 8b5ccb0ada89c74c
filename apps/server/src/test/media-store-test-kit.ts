import { randomBytes } from 'node:crypto';

export type TestMediaStoreKind = 'disk' | 's3';

/**
 * The environment of a test app on an S3 bucket, from a TEST_S3_URL such as
 * `http://test%3Atester:testing@127.0.0.1:8080/dum-test?region=us-east-1` (scripts/swift-s3.sh
 * prints it): the URL's user and password are the access key and secret (URL-encoded), its
 * first path segment the bucket, `region` the region (default us-east-1); path-style
 * addressing. Each call gets a key prefix of its own, so test apps never see each other's
 * files in the shared bucket.
 */
export function s3TestEnv(testS3Url: string): Record<string, string> {
  const url = new URL(testS3Url);
  const bucket = url.pathname.split('/').filter(Boolean)[0];
  if (!bucket) throw new Error('TEST_S3_URL names no bucket (http://key:secret@host:port/bucket)');
  return {
    MEDIA_STORE: 's3',
    S3_ENDPOINT: `${url.protocol}//${url.host}`,
    S3_BUCKET: bucket,
    S3_REGION: url.searchParams.get('region') ?? 'us-east-1',
    S3_ACCESS_KEY_ID: decodeURIComponent(url.username),
    S3_SECRET_ACCESS_KEY: decodeURIComponent(url.password),
    S3_FORCE_PATH_STYLE: 'true',
    S3_PREFIX: `test-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}/`,
  };
}

/** The disk always; an S3 bucket too when TEST_S3_URL is set (CI starts Swift's s3api). */
export function testMediaStoreKinds(): TestMediaStoreKind[] {
  return process.env.TEST_S3_URL ? ['disk', 's3'] : ['disk'];
}

/** The config environment of a test app on this media store. */
export function mediaStoreEnv(kind: TestMediaStoreKind): Record<string, string> {
  if (kind === 'disk') return {};
  const url = process.env.TEST_S3_URL;
  if (!url) throw new Error('TEST_S3_URL is not set');
  return s3TestEnv(url);
}

/** Every database kind on every media store, for describe.each: [database, store]. */
export function testStorageMatrix<K extends string>(databaseKinds: K[]): [K, TestMediaStoreKind][] {
  return databaseKinds.flatMap((db) =>
    testMediaStoreKinds().map((store): [K, TestMediaStoreKind] => [db, store]),
  );
}
