import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { startS3Server } from '../test/s3-server.js';
import { localStorage, type S3Location, type Storage, s3Client, s3LocationOf, s3Storage, storageOf } from './storage.js';

/**
 * The two storage drivers (docs/decisions/033-object-storage.md) keep one contract: a stored
 * file answers its bytes under the key put gave, a removed one is gone, a key that is not a UUID
 * is refused. The S3 driver runs against s3rver, a local S3-compatible server.
 */
let s3: Awaited<ReturnType<typeof startS3Server>>;
let folder: string;
beforeAll(async () => {
  s3 = await startS3Server('promovente-test', 'vergers/');
  folder = await mkdtemp(path.join(os.tmpdir(), 'promovente-storage-'));
});
afterAll(async () => {
  await s3?.close();
  await rm(folder, { recursive: true, force: true });
});

const drivers: [string, () => Storage][] = [
  ['the local folder', () => localStorage(folder)],
  ['an S3-compatible store', () => s3Storage(s3.location)],
];

describe.each(drivers)('%s', (_, storageOfTest) => {
  it('answers a stored file’s bytes under its key, twice, and forgets it once removed', async () => {
    const storage = storageOfTest();
    const content = Buffer.from('Acte de vente, lot A-12 : 1’250’000 CHF');
    const key = await storage.put(content);
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(await storage.get(key)).toEqual(content);
    expect(await storage.get(key)).toEqual(content);
    await storage.remove(key);
    await expect(storage.get(key)).rejects.toThrow();
    // Removing again is no error (a file row deleted twice, a content lost).
    await storage.remove(key);
  });

  it('keeps binary content whole and gives every file its own key', async () => {
    const storage = storageOfTest();
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7919) % 256));
    const [a, b] = [await storage.put(bytes), await storage.put(Buffer.alloc(0))];
    expect(a).not.toBe(b);
    expect((await storage.get(a)).equals(bytes)).toBe(true);
    expect((await storage.get(b)).length).toBe(0);
  });

  it('refuses a key that is not one it gave (no path from a name)', async () => {
    const storage = storageOfTest();
    for (const key of ['../../etc/passwd', 'ab/../cd', '']) {
      await expect(storage.get(key)).rejects.toThrow('invalid storage key');
      await expect(storage.remove(key)).rejects.toThrow('invalid storage key');
    }
  });
});

describe('where the files land', () => {
  it('in the local folder and in the bucket alike: <first two characters>/<key>, under the prefix in the bucket', async () => {
    const content = Buffer.from('plan du 3e étage');
    const local = await localStorage(folder).put(content);
    expect(await readFile(path.join(folder, local.slice(0, 2), local))).toEqual(content);
    const remote = await s3Storage(s3.location).put(content);
    // Read back with the AWS SDK's own calls, not through the driver.
    const client = s3Client(s3.location);
    const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.location.bucket, Prefix: 'vergers/' }));
    expect(listed.Contents?.map((object) => object.Key)).toContain(`vergers/${remote.slice(0, 2)}/${remote}`);
    const object = await client.send(new GetObjectCommand({ Bucket: s3.location.bucket, Key: `vergers/${remote.slice(0, 2)}/${remote}` }));
    expect(Buffer.from(await (object.Body?.transformToByteArray() ?? Promise.resolve(new Uint8Array())))).toEqual(content);
  });
});

describe('STORAGE_URL and the S3 settings', () => {
  it('keeps the local folder by default', () => {
    expect(s3LocationOf(loadConfig({}))).toBeNull();
    expect(s3LocationOf(loadConfig({ STORAGE_URL: '' }))).toBeNull();
    expect(storageOf(loadConfig({ DATA_DIR: folder })).promotionQuotaBytes).toBeGreaterThan(0);
  });

  it('reads the bucket, the prefix, the endpoint, the region and the keys', () => {
    const location = s3LocationOf(
      loadConfig({
        STORAGE_URL: 's3://promovente-prod/fichiers/',
        S3_ENDPOINT: 'https://sos-ch-gva-2.exo.io',
        S3_REGION: 'ch-gva-2',
        S3_ACCESS_KEY_ID: 'EXO123',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: '1',
      }),
    );
    expect(location).toEqual<S3Location>({
      bucket: 'promovente-prod',
      prefix: 'fichiers/',
      endpoint: 'https://sos-ch-gva-2.exo.io',
      region: 'ch-gva-2',
      credentials: { accessKeyId: 'EXO123', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
    expect(s3LocationOf(loadConfig({ STORAGE_URL: 's3://promovente' }))).toMatchObject({
      bucket: 'promovente',
      prefix: '',
      region: 'eu-central-2',
      credentials: undefined,
      forcePathStyle: false,
    });
  });

  it.each([
    ['STORAGE_URL', 'https://bucket.s3.amazonaws.com'],
    ['STORAGE_URL', 's3://UPPER'],
    ['STORAGE_URL', 's3://ab'],
    ['S3_ENDPOINT', 'pas une adresse'],
    ['S3_FORCE_PATH_STYLE', 'yes'],
  ])('stops the boot on %s=%s, naming it', (name, value) => {
    expect(() => loadConfig({ STORAGE_URL: 's3://promovente', [name]: value })).toThrow(name);
  });

  it('stops the boot on a key without its secret', () => {
    expect(() => loadConfig({ STORAGE_URL: 's3://promovente', S3_ACCESS_KEY_ID: 'EXO123' })).toThrow(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    );
  });
});
