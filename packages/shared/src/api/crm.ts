import { crmConnectionSchema, crmParamsSchema, crmStateSchema } from '../contracts/crm.js';
import { defineRoutes } from './route.js';

/**
 * The CRM send of the Informations menu (docs/product/promotion-administration.md#crm-send,
 * docs/sales-process.md#crm-send-built): the promotion's brokers read the state and send;
 * admins connect a promotion. Each call answers the new state.
 */
export const CRM_API = defineRoutes({
  getCrmState: {
    method: 'GET',
    path: '/promotions/:id/crm',
    summary: "État de l'envoi de la promotion vers le CRM (Salesforce)",
    access: 'crm.send',
    params: crmParamsSchema,
    response: crmStateSchema,
  },
  sendToCrm: {
    method: 'PUT',
    path: '/promotions/:id/send-to-crm',
    summary: 'Envoyer la promotion vers le CRM (Salesforce)',
    access: 'crm.send',
    params: crmParamsSchema,
    response: crmStateSchema,
  },
  setCrmConnection: {
    method: 'PUT',
    path: '/promotions/:id/crm',
    summary: 'Connecter ou déconnecter la promotion du CRM',
    access: 'crm.connect',
    params: crmParamsSchema,
    body: crmConnectionSchema,
    response: crmStateSchema,
  },
});
