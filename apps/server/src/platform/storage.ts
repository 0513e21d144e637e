import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PROMOTION_STORAGE_QUOTA_GB_DEFAULT } from '@promovente/shared';

/** Files live outside the database; names are never used as paths (docs/sales-process.md#6-files-storage-built). */
export type Storage = {
  put: (content: Buffer) => Promise<string>;
  get: (key: string) => Promise<Buffer>;
  remove: (key: string) => Promise<void>;
  /** The bytes of uploaded files one promotion may hold (PROMOTION_STORAGE_QUOTA_GB, platform/storage-quota.ts). */
  promotionQuotaBytes: number;
};

/** Gigabytes (the unit of PROMOTION_STORAGE_QUOTA_GB) in bytes. */
export const gigabytes = (value: number) => Math.round(value * 1024 * 1024 * 1024);

export const localStorage = (root: string, promotionQuotaBytes = gigabytes(PROMOTION_STORAGE_QUOTA_GB_DEFAULT)): Storage => {
  const pathOf = (key: string) => {
    if (!/^[a-f0-9-]{36}$/.test(key)) throw new Error('invalid storage key');
    return path.join(root, key.slice(0, 2), key);
  };
  return {
    async put(content) {
      const key = randomUUID();
      const file = pathOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, content);
      return key;
    },
    get: (key) => readFile(pathOf(key)),
    remove: (key) => rm(pathOf(key), { force: true }),
    promotionQuotaBytes,
  };
};
