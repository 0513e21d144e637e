/**
 * npm run storage:to-s3 -w @promovente/server -- [--from DIR]
 *
 * Copies the local store (DATA_DIR/files, or --from) into the bucket of STORAGE_URL with the
 * S3_* settings of the environment (config.ts, docs/decisions/033-object-storage.md), then says
 * what it copied. Start the servers with STORAGE_URL once it says every file is there.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { s3LocationOf } from './storage.js';
import { moveLocalStoreToS3 } from './storage-move.js';

const main = async () => {
  const { values } = parseArgs({ options: { from: { type: 'string' } } });
  const config = loadConfig();
  const location = s3LocationOf(config);
  if (!location) throw new Error('STORAGE_URL is not set: name the bucket (s3://bucket or s3://bucket/prefix) and its S3_* settings');
  const root = path.resolve(values.from ?? path.join(config.dataDir, 'files'));
  console.log(`Copying ${root} into s3://${location.bucket}/${location.prefix}`);
  const report = await moveLocalStoreToS3(root, location, (line) => console.log(line));
  console.log(
    `${report.copied} files copied, ${report.present} already there, ${report.skipped.length} names left aside (not stored files)`,
  );
  for (const name of report.skipped.slice(0, 20)) console.log(`  left aside: ${name}`);
};

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
