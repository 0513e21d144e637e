/** The session token lives in a cookie named `token` for 30 days (docs/product/access.md#sign-in-and-account-screens and docs/product/constants.md#timing). */
const TOKEN_COOKIE = 'token';
const TOKEN_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

const secureFlag = () => (typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '');

export const getToken = (): string | null => {
  const entry = document.cookie.split('; ').find((part) => part.startsWith(`${TOKEN_COOKIE}=`));
  if (!entry) return null;
  const value = decodeURIComponent(entry.slice(TOKEN_COOKIE.length + 1));
  return value === '' ? null : value;
};

export const setToken = (token: string) => {
  // biome-ignore lint/suspicious/noDocumentCookie: the spec keeps the token in a plain cookie, set here only
  document.cookie = `${TOKEN_COOKIE}=${encodeURIComponent(token)}; Max-Age=${TOKEN_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secureFlag()}`;
};

export const removeToken = () => {
  // biome-ignore lint/suspicious/noDocumentCookie: the spec keeps the token in a plain cookie, set here only
  document.cookie = `${TOKEN_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax${secureFlag()}`;
};
