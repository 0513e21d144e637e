import { rolesWith } from '@promovente/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/auth.js';
import { getReservationForm } from './reservation-form.js';

const publicIdParamsSchema = z.object({ publicId: z.string().max(100) });

/** The reservation form's load (docs/product/calls.md#direct-application-calls 'applications/public/{id}'); it is saved by the command. */
export const reservationFormRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/applications/public/:publicId',
    { config: { access: rolesWith('reservationForm.read') }, schema: { params: publicIdParamsSchema } },
    async (request) => ({ data: await getReservationForm(app.deps.database.db, actorOf(request), request.params.publicId) }),
  );
};
