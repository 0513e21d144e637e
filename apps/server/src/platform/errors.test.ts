import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createPromotion, createUser, signIn } from '../test/fixtures.js';
import { createTestContext, type TestContext } from '../test/harness.js';

let ctx: TestContext;
let headers: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestContext();
  const promotion = await createPromotion(ctx.database.db);
  const broker = await createUser(ctx.database.db, 'broker', { promotionIds: [promotion.id] });
  headers = bearer(await signIn(ctx.app, broker.email));
});
afterAll(() => ctx.close());

describe('a multipart body cut short (found by the HTTP fuzz)', () => {
  const truncated = '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nBonjour';

  it.each(['/api/candidacies/files', '/api/user/update', '/api/threads'])('answers a French 400 on %s, not a 500', async (url) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { ...headers, 'content-type': 'multipart/form-data; boundary=x' },
      payload: truncated,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Le formulaire envoyé est incomplet' });
  });

  it('answers a file part cut short the same way', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/candidacies/files',
      headers: { ...headers, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="files[]"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Le formulaire envoyé est incomplet' });
  });
});
