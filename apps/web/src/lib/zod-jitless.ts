import { config } from 'zod/v4';

/**
 * Zod as the web bundle imports it (vite.config.ts aliases `zod` here): told, before any schema is
 * built, not to compile its parsers with `new Function`. Zod would otherwise try it once to learn
 * whether it may, and the page's Content-Security-Policy (no 'unsafe-eval') refuses the try, which
 * the browser reports as a violation on every screen (Lighthouse's best practices, 96). The shared
 * package's schemas import `zod` too, so they are built after this line; the parsers run the same
 * checks without compiling.
 */
config({ jitless: true });

export * from 'zod/v4';
export { z as default } from 'zod/v4';
