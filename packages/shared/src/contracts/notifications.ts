import { z } from 'zod';

export const notificationSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET notifications/count: the unread notifications of the bell's badge. */
export const notificationCountSchema = z.object({ count: z.number() });

export const notificationsQuerySchema = z.object({
  filter: z.enum(['unread', 'all']).default('unread'),
});
