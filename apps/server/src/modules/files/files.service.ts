import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { files } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { isValidSignature } from '../../platform/signed-url.js';
import type { Storage } from '../../platform/storage.js';

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
