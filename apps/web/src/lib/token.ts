/** The session token lives in a cookie named `token` for 30 days (docs/product/access.md#sign-in-and-account-screens and docs/product/constants.md#timing). */
const TOKEN_COOKIE = 'token';
const TOKEN_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

const secureFlag = () => (typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '');

/**
 * The cookie read in the current task. Reading `document.cookie` parses every cookie of the
 * page, and a list screen asks for the token once per component that reads the user (36 ms
 * over eight sorts of the lots table, docs/performance.md#lighthouse): the value is kept until
 * the task ends (a microtask forgets it), so a render reads the cookie once, and the next task
 * sees a sign-out made in another tab.
 */
let readInThisTask: { value: string | null } | null = null;

const readTokenCookie = (): string | null => {
  const entry = document.cookie.split('; ').find((part) => part.startsWith(`${TOKEN_COOKIE}=`));
  if (!entry) return null;
  const value = decodeURIComponent(entry.slice(TOKEN_COOKIE.length + 1));
  return value === '' ? null : value;
};

export const getToken = (): string | null => {
  if (readInThisTask) return readInThisTask.value;
  const value = readTokenCookie();
  readInThisTask = { value };
  queueMicrotask(() => {
    readInThisTask = null;
  });
  return value;
};

export const setToken = (token: string) => {
  readInThisTask = null;
  // biome-ignore lint/suspicious/noDocumentCookie: the spec keeps the token in a plain cookie, set here only
  document.cookie = `${TOKEN_COOKIE}=${encodeURIComponent(token)}; Max-Age=${TOKEN_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secureFlag()}`;
};

export const removeToken = () => {
  readInThisTask = null;
  // biome-ignore lint/suspicious/noDocumentCookie: the spec keeps the token in a plain cookie, set here only
  document.cookie = `${TOKEN_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax${secureFlag()}`;
};
