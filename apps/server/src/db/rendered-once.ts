import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

const dialect = new PgDialect();

/**
 * A fragment of a statement that holds no parameter (a page's column list, its joins), turned
 * into its SQL text the first time it is used and kept as that text. Drizzle renders a template
 * chunk by chunk on every call: for the funnel's page, about a hundred column objects a request,
 * 13 % of the server's CPU on a live read (docs/performance.md, 'The second design'). Throws on a
 * fragment that holds a parameter, whose first value would be kept for every later call.
 */
export const renderedOnce = (build: () => SQL): (() => SQL) => {
  let rendered: SQL | undefined;
  return () => {
    if (rendered === undefined) {
      const { sql: text, params } = dialect.sqlToQuery(build());
      if (params.length > 0) throw new Error(`a fragment rendered once holds ${params.length} parameter(s): ${text}`);
      rendered = sql.raw(text);
    }
    return rendered;
  };
};
