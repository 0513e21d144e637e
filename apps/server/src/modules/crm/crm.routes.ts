import { crmConnectionSchema, crmParamsSchema, rolesWith } from '@promovente/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth.js';
import { getCrmState, requestCrmSend, setCrmConnected } from './crm.service.js';
import { salesforceSettingsOf } from './salesforce.js';

/**
 * The CRM send of the Informations menu (docs/product/promotion-administration.md#crm-send,
 * docs/sales-process.md#crm-send-built): the promotion's brokers read the state and send
 * (permission crm.send); admins connect a promotion (crm.connect, checked in the service).
 */
export const crmRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;
  const configured = () => salesforceSettingsOf(app.deps.config) !== null;

  app.get('/promotions/:id/crm', { config: { access: rolesWith('crm.send') }, schema: { params: crmParamsSchema } }, async (request) =>
    getCrmState(db(), actorOf(request), request.params.id, configured()),
  );

  app.put(
    '/promotions/:id/send-to-crm',
    { config: { access: rolesWith('crm.send') }, schema: { params: crmParamsSchema } },
    async (request) => requestCrmSend(db(), app.deps.jobs, actorOf(request), request.params.id, configured()),
  );

  app.put(
    '/promotions/:id/crm',
    { config: { access: 'authenticated' }, schema: { params: crmParamsSchema, body: crmConnectionSchema } },
    async (request) => setCrmConnected(db(), actorOf(request), request.params.id, request.body.crm_connected, configured()),
  );
};
