import type { APIRequestContext } from '@playwright/test';
import type { RegistrationLink } from '@promovente/shared';
import { DEMO_PASSWORD } from './fixtures.js';

/**
 * The public registration link of a user's current promotion, as staff get it
 * (GET promotions/{id}/registration-link), through the API with that user's own sign-in.
 */
export const registrationLinkOf = async (request: APIRequestContext, email: string) => {
  const login = await request.post('/api/login', { data: { email, password: DEMO_PASSWORD } });
  if (!login.ok()) throw new Error(`sign-in failed for ${email}: ${login.status()}`);
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  const preferences = await request.get('/api/user/preferences', { headers });
  const promotionId: number = (await preferences.json()).data.selected_promotion;
  const answer = await request.get(`/api/promotions/${promotionId}/registration-link`, { headers });
  if (!answer.ok()) throw new Error(`registration link of promotion ${promotionId}: ${answer.status()}`);
  const link: RegistrationLink = (await answer.json()).data;
  if (!link) throw new Error(`promotion ${promotionId} is a demo promotion: no public link`);
  await request.post('/api/logout', { headers });
  return { promotionId, ...link };
};
