import { afterEach, describe, expect, it } from 'vitest';
import { getToken, removeToken, setToken } from './token';

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the session token cookie (docs/product/access.md#sign-in-and-account-screens)', () => {
  afterEach(() => removeToken());

  it('reads what setToken wrote and forgets it on removeToken, within the same task', () => {
    expect(getToken()).toBeNull();
    setToken('a b/c');
    expect(getToken()).toBe('a b/c');
    removeToken();
    expect(getToken()).toBeNull();
  });

  it('reads the cookie once per task, and sees a change made elsewhere (another tab) in the next task', async () => {
    setToken('first');
    expect(getToken()).toBe('first');
    // biome-ignore lint/suspicious/noDocumentCookie: another tab signing in again
    document.cookie = 'token=second; Path=/';
    expect(getToken()).toBe('first');
    await nextTask();
    expect(getToken()).toBe('second');
  });
});
