import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { type S3Location, s3Client, storedPathOf } from './storage.js';

/** What a move did: files copied, files already in the bucket with the same size, names that are not stored files. */
export type MoveReport = { copied: number; present: number; skipped: string[] };

/**
 * Copies a local store (DATA_DIR/files: `<first two characters>/<uuid>`) into an S3 bucket under
 * the same keys (platform/storage.ts), so that a server moved to STORAGE_URL finds every file its
 * rows name. A file already in the bucket with the same size is left; run it again after a
 * failure, it goes on where it stopped. The local files are not removed.
 */
export const moveLocalStoreToS3 = async (
  root: string,
  location: S3Location,
  log: (line: string) => void = () => {},
): Promise<MoveReport> => {
  const client = s3Client(location);
  const report: MoveReport = { copied: 0, present: 0, skipped: [] };
  const folders = (await readdir(root, { withFileTypes: true })).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  for (const folder of folders.sort()) {
    for (const name of (await readdir(path.join(root, folder))).sort()) {
      const relative = `${folder}/${name}`;
      let key: string;
      try {
        key = storedPathOf(name);
      } catch {
        report.skipped.push(relative);
        continue;
      }
      if (key !== relative) {
        report.skipped.push(relative);
        continue;
      }
      const file = path.join(root, folder, name);
      const size = (await stat(file)).size;
      const object = { Bucket: location.bucket, Key: `${location.prefix}${key}` };
      const existing = await client.send(new HeadObjectCommand(object)).catch((error: { name?: string }) => {
        if (error.name === 'NotFound' || error.name === 'NoSuchKey') return null;
        throw error;
      });
      if (existing && existing.ContentLength === size) {
        report.present++;
        continue;
      }
      const content = await readFile(file);
      await client.send(new PutObjectCommand({ ...object, Body: content, ContentLength: content.length }));
      report.copied++;
      if (report.copied % 500 === 0) log(`${report.copied} files copied`);
    }
  }
  return report;
};
