import { logsPageSchema, logsQuerySchema } from '../contracts/logs.js';
import { defineRoutes } from './route.js';

/** The routes of the 'Historique' domain (docs/product/history.md#screens): the promotion's history, brokers only. */
export const LOGS_API = defineRoutes({
  listLogs: {
    method: 'GET',
    path: '/logs',
    summary: 'Historique de la promotion, filtré par dossier de vente, lot ou candidature',
    access: 'logs.read',
    query: logsQuerySchema,
    response: logsPageSchema,
    cache: true,
  },
});
