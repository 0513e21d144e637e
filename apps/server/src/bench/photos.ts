/**
 * npm run bench:photos -w @promovente/server -- [URL] [--photos 40] [--batch 5] [--pglite DIR]
 *
 * The progress albums' upload as the screen sends it (docs/performance.md#progress-photos):
 * generates N camera-sized JPEGs (4000 x 3000, about 4 MB each, gradients and sensor-like noise
 * so that they compress like photos), starts the application like the bench (bench/server.ts,
 * its files in a temporary directory), signs in as the broker of the biggest promotion, creates
 * an album and sends the photos in sequential requests of `batch` (POST promotions/{id}/photos,
 * multipart photos[]). Prints the time per request and per photo, the server's CPU and its
 * peak resident memory (VmHWM of the process, sampled VmRSS too), then deletes the album.
 * Linux only (reads /proc). Not in the test suite: it takes about a minute.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/promovente_bench';
const PASSWORD = 'demo-2026';
const WIDTH = 4000;
const HEIGHT = 3000;

/** A 4000 x 3000 picture: smooth gradients and waves under +-20 of noise, JPEG quality 88 (about 4 MB). */
const cameraPhoto = (index: number) => {
  const raw = Buffer.alloc(WIDTH * HEIGHT * 3);
  let state = 12_345 + index * 7_919;
  const fx = 90 + index * 7;
  const fy = 60 + index * 5;
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      state = (state * 1_103_515_245 + 12_345) & 0x7fffffff;
      const noise = ((state >> 16) % 41) - 20;
      const i = (y * WIDTH + x) * 3;
      raw[i] = Math.max(0, Math.min(255, (x * 255) / WIDTH + noise));
      raw[i + 1] = Math.max(0, Math.min(255, (y * 200) / HEIGHT + 30 + noise));
      raw[i + 2] = Math.max(0, Math.min(255, 120 + 60 * Math.sin(x / fx) * Math.cos(y / fy) + noise));
    }
  }
  return sharp(raw, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 88 })
    .toBuffer();
};

const startApp = (env: Record<string, string>) =>
  new Promise<{ child: ChildProcess; lines: Record<string, string> }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/bench/server.ts'], {
      cwd: SERVER_DIR,
      env: { ...process.env, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', WEB_DIST: '', BENCH_MODE: 'app', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const lines: Record<string, string> = {};
    let buffer = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      let index = buffer.indexOf('\n');
      while (index >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 1);
        index = buffer.indexOf('\n');
        try {
          Object.assign(lines, JSON.parse(line));
        } catch {
          // A log line of the application.
        }
        if ('listening' in lines && 'control' in lines) resolve({ child, lines });
      }
    });
    child.once('exit', (code) => reject(new Error(`application exited (${code}) before serving`)));
  });

/** Resident memory of a process in MiB: now (VmRSS) and its peak so far (VmHWM). */
const memoryOf = async (pid: number) => {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
};

const json = async <T>(response: Response): Promise<T> => {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
};

const main = async () => {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { photos: { type: 'string', default: '40' }, batch: { type: 'string', default: '5' }, pglite: { type: 'string' } },
  });
  const count = Number(values.photos);
  const batchSize = Number(values.batch);
  const url = positionals[0] ?? process.env.BENCH_DATABASE_URL ?? DEFAULT_URL;

  let started = performance.now();
  const photos: Buffer[] = [];
  for (let i = 0; i < count; i++) photos.push(await cameraPhoto(i));
  const megabytes = photos.reduce((sum, p) => sum + p.length, 0) / 2 ** 20;
  console.log(
    `${count} photos of ${WIDTH} x ${HEIGHT}, ${megabytes.toFixed(0)} MiB in all, generated in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const filesDir = path.join(os.tmpdir(), `promovente-photos-${process.pid}`);
  const env = values.pglite ? { DATA_DIR: path.resolve(values.pglite), DATABASE_URL: '' } : { DATA_DIR: filesDir, DATABASE_URL: url };
  const { child, lines } = await startApp(env);
  const pid = child.pid as number;
  const base = lines.listening;
  const control = lines.control;
  const cpuMs = async () => (await json<{ ms: number }>(await fetch(`${control}/cpu`))).ms;
  let groupId: number | undefined;
  let headers: Record<string, string> = {};
  let promotionId = 0;
  try {
    const picked = await json<{ promotionId: number; broker: string }>(await fetch(`${control}/pick`));
    promotionId = picked.promotionId;
    const login = await json<{ token: string }>(
      await fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: picked.broker, password: PASSWORD }),
      }),
    );
    headers = { authorization: `Bearer ${login.token}` };
    const created = await json<{ data: { id: number } }>(
      await fetch(`${base}/api/promotions/${promotionId}/photoGroups`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Mesure du téléversement', date: new Date().toISOString().slice(0, 10) }),
      }),
    );
    groupId = created.data.id;

    const before = await memoryOf(pid);
    const cpuBefore = await cpuMs();
    let sampledPeak = before.rss;
    const sampler = setInterval(() => {
      memoryOf(pid)
        .then((m) => {
          sampledPeak = Math.max(sampledPeak, m.rss);
        })
        .catch(() => undefined);
    }, 50);
    const requests: number[] = [];
    started = performance.now();
    for (let i = 0; i < count; i += batchSize) {
      const form = new FormData();
      form.append('promotion_id', String(promotionId));
      form.append('photo_group_id', String(groupId));
      photos.slice(i, i + batchSize).forEach((photo, j) => {
        form.append('photos[]', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `IMG_${String(i + j + 1).padStart(4, '0')}.jpg`);
      });
      const requestStarted = performance.now();
      await json(await fetch(`${base}/api/promotions/${promotionId}/photos`, { method: 'POST', headers, body: form }));
      requests.push((performance.now() - requestStarted) / 1000);
    }
    const total = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const cpu = (await cpuMs()) - cpuBefore;
    const after = await memoryOf(pid);
    const stored = await json<{ data: unknown[] }>(await fetch(`${base}/api/photos?photo_group_id=${groupId}`, { headers }));
    console.log(
      [
        `Server RSS before the upload: ${before.rss.toFixed(0)} MiB (peak since start ${before.peak.toFixed(0)} MiB)`,
        `Requests of ${batchSize}: ${requests.map((s) => s.toFixed(2)).join(', ')} s`,
        `Total ${total.toFixed(1)} s for ${count} photos: ${(total / count).toFixed(2)} s per photo; ${stored.data.length} photos in the album`,
        `Server CPU ${(cpu / 1000).toFixed(1)} s (${((cpu / 1000 / total) * 100).toFixed(0)} % of one core over the upload, ${(cpu / count).toFixed(0)} ms per photo)`,
        `Server RSS: peak ${after.peak.toFixed(0)} MiB (VmHWM), sampled peak ${sampledPeak.toFixed(0)} MiB, ${after.rss.toFixed(0)} MiB after`,
        `Machine: ${os.cpus().length} cores, Node ${process.version}, load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')} at the end`,
      ].join('\n'),
    );
  } finally {
    if (groupId !== undefined) {
      await fetch(`${base}/api/promotions/${promotionId}/photoGroups/${groupId}`, { method: 'DELETE', headers }).catch(() => undefined);
    }
    child.kill('SIGTERM');
    if (!values.pglite) await rm(filesDir, { recursive: true, force: true });
  }
};

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
