import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { type S3Location, s3Client } from '../platform/storage.js';

/**
 * A local S3-compatible server for the tests (s3rver, written from Amazon's S3 REST reference),
 * on a free loopback port with its own folder and an empty bucket; close() stops it and removes
 * the folder.
 */
export const startS3Server = async (bucket = 'promovente-test', prefix = '') => {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'promovente-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory });
  const { port } = (await server.run()) as { port: number };
  const location: S3Location = {
    bucket,
    prefix,
    endpoint: `http://127.0.0.1:${port}`,
    region: 'eu-central-2',
    // s3rver's own fixed keys: it checks the signature, as AWS does.
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    forcePathStyle: true,
  };
  await s3Client(location).send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    location,
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
};
