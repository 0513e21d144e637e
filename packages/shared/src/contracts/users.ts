import { z } from 'zod';
import { USER_TYPES } from '../roles.js';
import { emailSchema, idOf, idSchema, pageQuerySchema, requiredText, textSchema } from './common.js';

export const userPromotionSchema = z.object({
  id: z.number(),
  title: z.string(),
  logo: z.string().nullable(),
  multi_agency: z.boolean(),
  unread_messages: z.number(),
  /** Archived by an admin: read-only for everyone (docs/product/promotion-administration.md#archived-promotion). */
  archived: z.boolean(),
});
export type UserPromotion = z.infer<typeof userPromotionSchema>;

export const assistantSchema = z.object({
  id: z.number(),
  full_name: z.string(),
  email: z.string(),
  profile_picture: z.string().nullable(),
});
export type Assistant = z.infer<typeof assistantSchema>;

/**
 * The user of docs/product/entities.md#user, as GET user and login answer it: what the first paint
 * needs, the current promotion and how many the user may open (the picker loads the list
 * itself, GET user/promotions), and the unread messages of all of them.
 */
export const userSchema = z.object({
  id: z.number(),
  type: z.enum(USER_TYPES),
  admin: z.boolean(),
  preferences: z.object({ selected_promotion: z.number().nullable() }),
  /** The current promotion (the preference, else the first the user may open by title). */
  promotion: userPromotionSchema.nullable(),
  promotions_count: z.number(),
  agency: z.object({ id: z.number(), name: z.string() }).nullable(),
  restricted_access: z.number(),
  profile_picture: z.string().nullable(),
  full_name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  number_connections: z.number(),
  unread_messages_count: z.number(),
  assistants: z.array(assistantSchema),
  is_demo: z.boolean(),
  /** 'Recevoir les notifications par e-mail' ('Mon compte', PUT user/notifications). */
  email_notifications: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** GET user/preferences: the current promotion alone. */
export const userPreferencesSchema = z.object({ selected_promotion: z.number().nullable() });

/** GET and PUT user/promotion: the current promotion's id (GET: null when the user may open none). */
export const userPromotionIdSchema = z.object({ promotion_id: z.number().nullable() });

/** The answers of 'Mon compte' forms: a code kept from the former API, and the confirmation. */
export const accountAnswerSchema = z.object({ code: z.string(), message: z.string() });

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

export const brokerSchema = z.object({
  id: z.number(),
  full_name: z.string(),
  email: z.string(),
  profile_picture: z.string().nullable(),
  agency_id: z.number().nullable(),
});
export type Broker = z.infer<typeof brokerSchema>;

/**
 * A member as GET brokers, investors and pilots give him: his name and photo to everyone who
 * may list him, his e-mail and agency only to those who contact him ('member.readContact').
 */
export const memberSchema = brokerSchema.partial({ email: true, agency_id: true });

export const assistantParamsSchema = z.object({ id: idSchema, assistantId: idSchema });
