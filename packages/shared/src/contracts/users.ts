import { z } from 'zod';
import type { UserType } from '../roles.js';
import { emailSchema, idOf, idSchema, pageQuerySchema, requiredText, textSchema } from './common.js';

export type UserPromotion = {
  id: number;
  title: string;
  logo: string | null;
  multi_agency: boolean;
  unread_messages: number;
};

export type Assistant = { id: number; full_name: string; email: string; profile_picture: string | null };

/**
 * The user of docs/product/entities.md#user, as GET user and login answer it: what the first paint
 * needs, the current promotion and how many the user may open (the picker loads the list
 * itself, GET user/promotions), and the unread messages of all of them.
 */
export type User = {
  id: number;
  type: UserType;
  admin: boolean;
  preferences: { selected_promotion: number | null };
  /** The current promotion (the preference, else the first the user may open by title). */
  promotion: UserPromotion | null;
  promotions_count: number;
  agency: { id: number; name: string } | null;
  restricted_access: number;
  profile_picture: string | null;
  full_name: string;
  first_name: string;
  last_name: string;
  email: string;
  number_connections: number;
  unread_messages_count: number;
  assistants: Assistant[];
  is_demo: boolean;
};

/**
 * GET user/promotions?search=&page=: the promotions the user may open, by title, with his unread
 * messages in each, USER_PROMOTIONS_PAGE_SIZE a page (Paginated); `search` is a contains-match on
 * the title.
 */
export const USER_PROMOTIONS_PAGE_SIZE = 50;
export const userPromotionsQuerySchema = z.object({
  search: textSchema.trim().max(200, 'Recherche trop longue').optional(),
  page: pageQuerySchema,
});
export type UserPromotionsQuery = z.infer<typeof userPromotionsQuerySchema>;

export const selectPromotionSchema = z.object({ promotion: idOf('Promotion invalide') });

/** Profile form of 'Mon compte' (multipart fields; avatar_file comes as a file part). */
export const profileUpdateSchema = z.object({
  first_name: requiredText('Prénom requis').pipe(z.string().trim().max(100)),
  last_name: requiredText('Nom requis').pipe(z.string().trim().max(100)),
  email: emailSchema,
});
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

export type Broker = { id: number; full_name: string; email: string; profile_picture: string | null; agency_id: number | null };

export const assistantParamsSchema = z.object({ id: idSchema, assistantId: idSchema });
