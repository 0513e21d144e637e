import { z } from 'zod';
import { idSchema, requiredText } from './common.js';

/** Who a thread is addressed to (docs/product/entities.md#thread Thread: to_id, to_base_class). */
export const THREAD_RECIPIENT_CLASSES = ['candidate', 'notary', 'broker', 'investor', 'pilot'] as const;
export type ThreadRecipientClass = (typeof THREAD_RECIPIENT_CLASSES)[number];

/**
 * POST /threads (multipart fields; files come as file parts). For to_base_class 'candidate',
 * to_id is the candidate record's id; for the other classes it is the user's id.
 */
export const createThreadSchema = z.object({
  title: requiredText('Titre requis').pipe(z.string().trim().max(200, 'Titre trop long')),
  content: requiredText('Message requis').pipe(z.string().trim().max(20_000, 'Message trop long')),
  to_id: idSchema.optional(),
  to_base_class: z.enum(THREAD_RECIPIENT_CLASSES, { error: 'Destinataire invalide' }).optional(),
  promotion: idSchema,
  candidacy_id: idSchema.optional(),
});
export type CreateThreadInput = z.infer<typeof createThreadSchema>;

export type ThreadRecipient = { id: number; full_name: string; base_class: ThreadRecipientClass };

export type CreatedThread = { id: number; title: string };
