/** What the client keeps in localStorage: the redirect target after sign-in, and demo mode. */
const REDIRECT_KEY = 'redirect';
const DEMO_KEY = 'demo';

export const saveRedirectTarget = (url: string) => localStorage.setItem(REDIRECT_KEY, url);

/** Reads and forgets the stored redirect target. */
export const takeRedirectTarget = (): string | null => {
  const target = localStorage.getItem(REDIRECT_KEY);
  localStorage.removeItem(REDIRECT_KEY);
  return target;
};

export const peekRedirectTarget = (): string | null => localStorage.getItem(REDIRECT_KEY);

export const isDemoMode = () => localStorage.getItem(DEMO_KEY) === '1';

export const setDemoMode = () => localStorage.setItem(DEMO_KEY, '1');
