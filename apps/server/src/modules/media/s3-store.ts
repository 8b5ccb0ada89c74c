import { createReadStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Settings } from '../../config.ts';
import { isMediaName, type MediaStore } from './storage.ts';

/** Parts of a streamed multipart upload (the S3 minimum is 5 MiB). */
const PART_BYTES = 8 * 1024 * 1024;

function isMissing(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return (
    error.$metadata.httpStatusCode === 404 ||
    error.name === 'NoSuchKey' ||
    error.name === 'NotFound'
  );
}

/**
 * The media store in an S3-compatible bucket through the official AWS SDK: files are put with a
 * streamed multipart upload (@aws-sdk/lib-storage), read (with ranges) and deleted by key
 * `<S3_PREFIX><name>`. Checksums are computed only when an operation requires them
 * (`WHEN_REQUIRED`): the SDK's default aws-chunked trailers are refused by several
 * S3-compatible servers (Swift's s3api answers 501). Every instance sharing the bucket serves
 * every file; the local temp directory holds only uploads in progress.
 */
// eslint-disable-next-line max-lines-per-function -- a closure: methods that share one S3 client
export function createS3MediaStore(settings: S3Settings, dataDir: string): MediaStore {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
  const Bucket = settings.bucket;
  const keyOf = (name: string): string => `${settings.prefix}${name}`;
  const tmpDir = path.join(dataDir, 'media', 'tmp');

  return {
    kind: 's3',
    tmpDir,
    failedDeletes: null,
    prepare: async () => {
      await mkdir(tmpDir, { recursive: true });
    },
    async put(name, file, contentType) {
      const upload = new Upload({
        client,
        params: {
          Bucket,
          Key: keyOf(name),
          Body: createReadStream(file),
          ContentType: contentType,
        },
        partSize: PART_BYTES,
        queueSize: 2,
        leavePartsOnError: false,
      });
      await upload.done();
      await rm(file, { force: true });
    },
    async open(name) {
      let size: number;
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(name) }));
        size = head.ContentLength ?? 0;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      return {
        size,
        async stream(range) {
          const answer = await client.send(
            new GetObjectCommand({
              Bucket,
              Key: keyOf(name),
              Range: range ? `bytes=${range.start}-${range.end}` : undefined,
            }),
          );
          if (!answer.Body) throw new Error(`S3 answered no body for ${name}`);
          return answer.Body as Readable;
        },
        close: () => Promise.resolve(),
      };
    },
    async remove(name) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(name) }));
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },
    async list() {
      const names: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket,
            Prefix: settings.prefix || undefined,
            ContinuationToken: token,
          }),
        );
        for (const object of page.Contents ?? []) {
          const name = (object.Key ?? '').slice(settings.prefix.length);
          if (isMediaName(name)) names.push(name);
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return names.sort();
    },
    ping: async () => {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    close: () => {
      client.destroy();
      return Promise.resolve();
    },
  };
}
