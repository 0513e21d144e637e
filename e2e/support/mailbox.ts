import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from './fixtures.js';
import { stackOf } from './stacks.js';

export type ReceivedMail = { to: string; raw: string; text: string };

/** Decodes the quoted-printable text part of a raw message enough to read links. */
const decode = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/((?:=[0-9A-F]{2})+)/g, (match) => {
    const bytes = match
      .split('=')
      .filter(Boolean)
      .map((hex) => Number.parseInt(hex, 16));
    return Buffer.from(bytes).toString('utf8');
  });

/** Waits for an e-mail to `to` received by the loopback SMTP server of the test's stack. */
export const waitForMail = async (to: string, match: RegExp, timeoutMs = 20_000): Promise<ReceivedMail> => {
  const mailDir = stackOf(test.info().parallelIndex).mailDir;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = (await readdir(mailDir)).sort().reverse();
    for (const file of files) {
      const mail = JSON.parse(await readFile(path.join(mailDir, file), 'utf8')) as { to: string; raw: string };
      const text = decode(mail.raw);
      if (mail.to.split(',').includes(to) && match.test(text)) return { ...mail, text };
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no e-mail to ${to} matching ${match} within ${timeoutMs} ms`);
};
