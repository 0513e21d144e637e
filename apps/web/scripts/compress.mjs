// After `vite build`: a Brotli and a gzip copy beside every text file of dist/ that compression
// makes smaller, so that the server sends them as they are (docs/performance.md#static-files).
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const TEXT = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
const MIN_BYTES = 1024;

const walk = async (dir) =>
  (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));

let written = 0;
let before = 0;
let after = 0;
for (const file of await walk(DIST)) {
  if (!TEXT.test(file) || (await stat(file)).size < MIN_BYTES) continue;
  const content = await readFile(file);
  const brotli = brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  const gzip = gzipSync(content, { level: 9 });
  before += content.length;
  if (brotli.length < content.length) {
    await writeFile(`${file}.br`, brotli);
    written += 1;
  }
  if (gzip.length < content.length) {
    await writeFile(`${file}.gz`, gzip);
    written += 1;
  }
  after += Math.min(brotli.length, content.length);
}
console.log(`compressed copies: ${written} files, ${Math.round(before / 1024)} kB -> ${Math.round(after / 1024)} kB (brotli)`);
