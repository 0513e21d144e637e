import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * The metadata exiftool (Debian's libimage-exiftool-perl, a reader nobody here wrote) finds in
 * a file, tag by tag as `Group:Tag` (`-G1`), embedded tracks included (`-ee`). Without the
 * tool the test fails: `.ci/run` installs it.
 */
export const exiftoolTags = async (content: Buffer, extension: string): Promise<Record<string, unknown>> => {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'promovente-exiftool-'));
  const file = path.join(folder, `file.${extension}`);
  try {
    await writeFile(file, content);
    const { stdout } = await run('exiftool', ['-j', '-a', '-G1', '-ee', '-n', file]).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') throw new Error('exiftool is missing: apt-get install libimage-exiftool-perl (listed in .ci/run)');
      throw error;
    });
    const [tags] = JSON.parse(stdout) as Record<string, unknown>[];
    return tags;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
};

/** The tags that tell a place: GPS coordinates and positions, QuickTime locations, a Matroska LOCATION. */
export const locationTags = (tags: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(tags).filter(([name]) => /gps|location|iso6709/i.test(name)));
