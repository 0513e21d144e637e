import { idParamSchema } from '../contracts/common.js';
import { homeDataSchema } from '../contracts/home.js';
import { defineRoutes } from './route.js';

/** The home page of candidates, notaries and investors (docs/product/home.md#calls). */
export const HOME_API = defineRoutes({
  getHome: {
    method: 'GET',
    path: '/promotions/:id/home',
    summary: "Page d'accueil de la promotion : courtier, brochure, carrousel et ce que le lecteur vient y voir",
    access: 'home.read',
    cache: true,
    params: idParamSchema,
    response: homeDataSchema,
  },
});
