/**
 * A path with its params filled in: `/promotions/12/questions`. Its own file, free of zod, for
 * the web client's first load (endpoints.ts).
 */
export const routePath = (path: string, params: Record<string, unknown> = {}) =>
  path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`The path ${path} needs :${name}`);
    return encodeURIComponent(String(value));
  });
