import { dashboardDataSchema, dashboardQuerySchema } from '../contracts/dashboard.js';
import { dataOf, defineRoutes } from './route.js';

/** The sales dashboard (docs/product/dashboard.md#screens, docs/product/calls.md#dashboard). */
export const DASHBOARD_API = defineRoutes({
  getDashboard: {
    method: 'GET',
    path: '/analytics/dashboard',
    summary: 'Chiffres du dashboard de la promotion courante, selon les filtres',
    access: 'dashboard.read',
    query: dashboardQuerySchema,
    response: dataOf(dashboardDataSchema),
    cache: true,
  },
});
