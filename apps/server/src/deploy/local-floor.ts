/**
 * npm run floor -w @promovente/server -- [--processes 2] [--port 3000] [--database URL]
 *
 * The deployment of docs/deployment.md on one machine, with what this project's machines have:
 * the machine's PostgreSQL (a database `promovente_floor`, migrated and seeded with the demo on
 * its first run), a local S3-compatible store (s3rver, in DATA_DIR/floor-s3), N server processes
 * started as `npm start` starts one (`src/main.ts`, each on its own port, all with the same
 * FILE_URL_SECRET, DATABASE_URL and STORAGE_URL), and a round-robin load balancer on --port in
 * front of them. Ctrl-C stops everything. The web app must be built (`npm run build`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import pg from 'pg';
import S3rver from 's3rver';
import { s3Client } from '../platform/storage.js';
import { START_NODE_ARGS } from './start-command.js';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const main = async () => {
  const { values } = parseArgs({
    options: {
      processes: { type: 'string', default: '2' },
      port: { type: 'string', default: '3000' },
      database: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/promovente_floor' },
    },
  });
  const count = Number(values.processes);
  if (!Number.isInteger(count) || count < 1 || count > 8) throw new Error('--processes: 1 to 8');
  const dataDir = path.resolve(SERVER_DIR, process.env.DATA_DIR ?? 'data');

  // PostgreSQL: the database, created on the first run.
  const url = new URL(values.database);
  const name = url.pathname.slice(1);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`create database "${name.replace(/"/g, '')}"`);
  await admin.end();

  // The object store.
  const s3Dir = path.join(dataDir, 'floor-s3');
  await mkdir(s3Dir, { recursive: true });
  const s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir });
  const { port: s3Port } = (await s3.run()) as { port: number };
  const location = {
    bucket: 'promovente-floor',
    prefix: '',
    endpoint: `http://127.0.0.1:${s3Port}`,
    region: 'eu-central-2',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    forcePathStyle: true,
  };
  await s3Client(location)
    .send(new CreateBucketCommand({ Bucket: location.bucket }))
    .catch((error: { name?: string }) => {
      if (error.name !== 'BucketAlreadyOwnedByYou' && error.name !== 'BucketAlreadyExists') throw error;
    });
  const env = {
    ...process.env,
    DATABASE_URL: values.database,
    STORAGE_URL: `s3://${location.bucket}`,
    S3_ENDPOINT: location.endpoint,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: '1',
    FILE_URL_SECRET: process.env.FILE_URL_SECRET ?? randomBytes(32).toString('hex'),
    APP_URL: `http://localhost:${values.port}`,
    DATA_DIR: dataDir,
  };

  // The demo, on the first run (the seed refuses a database that has promotions).
  const seeded = new pg.Client({ connectionString: values.database });
  await seeded.connect();
  const promotions = await seeded.query("select count(*)::int as n from information_schema.tables where table_name = 'promotions'");
  const empty = promotions.rows[0].n === 0 || (await seeded.query('select count(*)::int as n from promotions')).rows[0].n === 0;
  await seeded.end();
  if (empty) {
    await new Promise<void>((resolve, reject) => {
      const seed = spawn(process.execPath, ['--import', 'tsx', 'src/db/seed/cli.ts'], { cwd: SERVER_DIR, env, stdio: 'inherit' });
      seed.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the seed exited with ${code}`))));
    });
  }

  // The processes, one after the other (each checks at start that it shares the others' settings).
  const children: ChildProcess[] = [];
  const backends: string[] = [];
  for (let i = 0; i < count; i++) {
    const port = Number(values.port) + 101 + i;
    const child = spawn(process.execPath, [...START_NODE_ARGS, 'src/main.ts'], {
      cwd: SERVER_DIR,
      env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    await new Promise<void>((resolve, reject) => {
      let output = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk;
        if (output.includes('Promovente is serving')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`process ${i + 1} exited with ${code}:\n${output.slice(-2000)}`)));
    });
    backends.push(`http://127.0.0.1:${port}`);
    console.log(`process ${i + 1} serves on ${backends[i]}`);
  }

  // The load balancer: each request to the next process in turn.
  let next = 0;
  const balancer = http.createServer((request, response) => {
    const target = new URL(request.url ?? '/', backends[next++ % backends.length]);
    const forwarded = http.request(target, { method: request.method, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    forwarded.on('error', () => {
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('Serveur indisponible');
    });
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => balancer.listen(Number(values.port), '127.0.0.1', resolve));
  console.log(`Promovente on ${count} processes behind http://localhost:${values.port} (PostgreSQL ${name}, object store ${s3Dir})`);

  const stop = () => {
    balancer.close();
    for (const child of children) child.kill('SIGTERM');
    void Promise.all(children.map((child) => new Promise((resolve) => child.once('exit', resolve)))).then(async () => {
      await s3.close();
      process.exit(0);
    });
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
};

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
