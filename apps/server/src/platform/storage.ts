import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { PROMOTION_STORAGE_QUOTA_GB_DEFAULT } from '@promovente/shared';
import type { Config } from '../config.js';

/**
 * Files live outside the database; names are never used as paths (docs/sales-process.md#6-files-storage-built).
 * Two drivers (docs/decisions/033-object-storage.md): the local folder (the default) and an
 * S3-compatible object store (STORAGE_URL=s3://bucket), which several server processes share.
 */
export type Storage = {
  put: (content: Buffer) => Promise<string>;
  get: (key: string) => Promise<Buffer>;
  remove: (key: string) => Promise<void>;
  /** The bytes of uploaded files one promotion may hold (PROMOTION_STORAGE_QUOTA_GB, platform/storage-quota.ts). */
  promotionQuotaBytes: number;
};

/** Gigabytes (the unit of PROMOTION_STORAGE_QUOTA_GB) in bytes. */
export const gigabytes = (value: number) => Math.round(value * 1024 * 1024 * 1024);

/** A stored file's place under the store's root, the same in both drivers: `ab/ab12...` (a UUID). */
export const storedPathOf = (key: string) => {
  if (!/^[a-f0-9-]{36}$/.test(key)) throw new Error('invalid storage key');
  return `${key.slice(0, 2)}/${key}`;
};

export const localStorage = (root: string, promotionQuotaBytes = gigabytes(PROMOTION_STORAGE_QUOTA_GB_DEFAULT)): Storage => {
  const pathOf = (key: string) => path.join(root, storedPathOf(key));
  return {
    async put(content) {
      const key = randomUUID();
      const file = pathOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, content);
      return key;
    },
    // Async, so that a refused key is a rejected promise, as with the S3 driver.
    get: async (key) => readFile(pathOf(key)),
    remove: async (key) => rm(pathOf(key), { force: true }),
    promotionQuotaBytes,
  };
};

/** Where an S3-compatible store is and how to sign in to it (config.ts: STORAGE_URL and S3_*). */
export type S3Location = {
  bucket: string;
  /** Prepended to every object's key ('' or ending with '/'). */
  prefix: string;
  /** An S3-compatible server's address (MinIO, Exoscale, Infomaniak...); unset: AWS S3 itself. */
  endpoint?: string;
  region: string;
  /** Unset: the AWS SDK's own chain (environment, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Bucket in the path (http://host/bucket/key) rather than in the host name: most S3-compatible servers. */
  forcePathStyle: boolean;
};

export const s3Client = (location: S3Location) =>
  new S3Client({
    region: location.region,
    endpoint: location.endpoint,
    forcePathStyle: location.forcePathStyle,
    credentials: location.credentials,
    // Checksums only where S3 requires them: the SDK's default trailing checksums are not
    // understood by every S3-compatible server.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

export const s3Storage = (location: S3Location, promotionQuotaBytes = gigabytes(PROMOTION_STORAGE_QUOTA_GB_DEFAULT)): Storage => {
  const client = s3Client(location);
  const objectOf = (key: string) => ({ Bucket: location.bucket, Key: `${location.prefix}${storedPathOf(key)}` });
  return {
    async put(content) {
      const key = randomUUID();
      await client.send(new PutObjectCommand({ ...objectOf(key), Body: content, ContentLength: content.length }));
      return key;
    },
    async get(key) {
      const answer = await client.send(new GetObjectCommand(objectOf(key)));
      if (!answer.Body) throw new Error(`stored file ${key} has no content`);
      return Buffer.from(await answer.Body.transformToByteArray());
    },
    async remove(key) {
      // Deleting an object that is not there succeeds, as the local driver's rm({ force: true }).
      await client.send(new DeleteObjectCommand(objectOf(key)));
    },
    promotionQuotaBytes,
  };
};

/** The S3 location STORAGE_URL and the S3_* settings name, or null for the local folder. */
export const s3LocationOf = (config: Config): S3Location | null => {
  if (!config.STORAGE_URL) return null;
  const [, bucket, rest = ''] = /^s3:\/\/([^/]+)\/?(.*)$/.exec(config.STORAGE_URL) ?? [];
  const prefix = rest.replace(/\/+$/, '');
  return {
    bucket,
    prefix: prefix ? `${prefix}/` : '',
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: config.S3_FORCE_PATH_STYLE === '1',
  };
};

/** The storage the configuration names: the object store of STORAGE_URL, else DATA_DIR/files. */
export const storageOf = (config: Config): Storage => {
  const quota = gigabytes(config.PROMOTION_STORAGE_QUOTA_GB);
  const location = s3LocationOf(config);
  return location ? s3Storage(location, quota) : localStorage(path.join(config.dataDir, 'files'), quota);
};
