import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { files } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { isValidSignature, signedFileUrl } from '../../platform/signed-url.js';
import type { Storage } from '../../platform/storage.js';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Stores a generated document (an export) and answers its short-lived signed URL. */
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

/** Serves a stored file to whoever holds a valid signed URL for it. */
export const loadSignedFile = async (deps: { db: Db; storage: Storage }, uuid: string, expires: number, signature: string) => {
  if (!isValidSignature(uuid, expires, signature)) throw notFound('Lien expiré ou invalide');
  const [file] = await deps.db.select().from(files).where(eq(files.uuid, uuid)).limit(1);
  if (!file) throw notFound();
  // A row whose content is gone (a demo row seeded without one, a storage lost): 404, never a 500.
  let content: Buffer;
  try {
    content = await deps.storage.get(file.storageKey);
  } catch {
    throw notFound('Fichier introuvable');
  }
  return { name: file.name, mime: file.mime, content };
};
