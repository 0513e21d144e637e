import { can, pageQuerySchema } from '@promovente/shared';
import { desc, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mailMessages } from '../../db/schema/index.js';
import { actorOf } from '../../platform/auth.js';
import { forbidden } from '../../platform/errors.js';
import { paginate } from '../../platform/pagination.js';
import { maskSecrets } from './mails.mask.js';

const PER_PAGE = 50;

/** Without SMTP every e-mail is kept in the database: admins read them here, secrets masked. */
export const mailsRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/admin/mails',
    {
      config: { access: 'authenticated' },
      schema: { querystring: z.object({ page: pageQuerySchema }) },
    },
    async (request) => {
      if (!can(actorOf(request), 'outbox.read')) throw forbidden();
      const db = app.deps.database.db;
      const { page } = request.query;
      const [rows, [{ total }]] = await Promise.all([
        db
          .select()
          .from(mailMessages)
          .orderBy(desc(mailMessages.id))
          .limit(PER_PAGE)
          .offset((page - 1) * PER_PAGE),
        db.select({ total: sql<number>`count(*)::int` }).from(mailMessages),
      ]);
      return paginate(
        rows.map((m) => ({
          id: m.id,
          to: m.to,
          cc: m.cc,
          subject: m.subject,
          text: maskSecrets(m.text),
          status: m.status,
          attempts: m.attempts,
          last_error: m.lastError,
          created_at: m.createdAt.toISOString(),
          sent_at: m.sentAt?.toISOString() ?? null,
        })),
        Number(total),
        page,
        PER_PAGE,
      );
    },
  );
};
