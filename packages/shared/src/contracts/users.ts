import { z } from 'zod';
import type { UserType } from '../roles.js';
import { emailSchema, idOf, idSchema, requiredText } from './common.js';

export type UserPromotion = {
  id: number;
  title: string;
  logo: string | null;
  multi_agency: boolean;
  unread_messages: number;
};

export type Assistant = { id: number; full_name: string; email: string; profile_picture: string | null };

/** The user of docs/product/entities.md#user, as GET user answers it. */
export type User = {
  id: number;
  type: UserType;
  admin: boolean;
  preferences: { selected_promotion: number | null };
  promotions: UserPromotion[];
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
