import type { Db, Tx } from '../db/client.js';
import { files } from '../db/schema/index.js';
import { signedFileUrl } from './signed-url.js';
import type { Storage } from './storage.js';

/**
 * Stores a generated document (an export: a list in .xlsx, the planning's .ics, a report) and
 * answers its short-lived signed URL. Its row is `owner = 'export'`, which only its creator may
 * open (`maySeeFile`). Here in platform/ because most modules export something and the files
 * module, which serves the stored files, imports some of them (docs/architecture.md, 'Module
 * boundaries').
 */
export const storeGeneratedFile = async (
  deps: { db: Db | Tx; storage: Storage },
  file: { name: string; mime: string; content: Buffer; promotionId: number; createdById: number },
) => {
  const storageKey = await deps.storage.put(file.content);
  const [row] = await deps.db
    .insert(files)
    .values({
      name: file.name,
      mime: file.mime,
      size: file.content.length,
      storageKey,
      owner: 'export',
      promotionId: file.promotionId,
      createdById: file.createdById,
    })
    .returning({ uuid: files.uuid });
  return { url: signedFileUrl(row.uuid) };
};
