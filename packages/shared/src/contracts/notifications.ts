import { z } from 'zod';

export type Notification = {
  id: number;
  title: string;
  description: string;
  created_at: string;
  read_at: string | null;
};

export const notificationsQuerySchema = z.object({
  filter: z.enum(['unread', 'all']).default('unread'),
});
