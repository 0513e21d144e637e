import { getTableColumns, getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { SqlExecutor } from '../client.js';

/** PostgreSQL refuses more than 65'535 parameters in one statement. */
const MAX_PARAMETERS = 60_000;
const MAX_ROWS_PER_STATEMENT = 5_000;
/** Buffered rows (all tables) above which everything is written out. */
const FLUSH_THRESHOLD = 25_000;

type Row = Record<string, unknown>;

type Buffer = {
  table: PgTable;
  name: string;
  /** TypeScript property name -> SQL column name. */
  columns: Map<string, string>;
  rows: Row[];
};

/**
 * Literal SQL for values that cannot carry an injection (finite numbers, booleans, null, dates),
 * a parameter for everything else (text, json). Missing values take the column default.
 */
const literal = (value: unknown): string | undefined => {
  if (value === undefined) return 'default';
  if (value === null) return 'null';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`Seed: non-finite number ${value}`);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new Error('Seed: invalid date');
    return `'${value.toISOString()}'`;
  }
  return undefined;
};

/**
 * Buffers rows per table and writes them as large multi-row inserts. Tables are registered in
 * foreign-key order and always flushed in that order, so a row never lands before what it references.
 */
export class BulkWriter {
  private readonly buffers: Buffer[] = [];
  private readonly byTable = new Map<PgTable, Buffer>();
  private buffered = 0;
  readonly counts = new Map<string, number>();
  statements = 0;

  constructor(
    private readonly executor: SqlExecutor,
    tablesInOrder: PgTable[],
  ) {
    for (const table of tablesInOrder) {
      const columns = new Map<string, string>();
      for (const [key, column] of Object.entries(getTableColumns(table))) columns.set(key, column.name);
      const buffer: Buffer = { table, name: getTableName(table), columns, rows: [] };
      this.buffers.push(buffer);
      this.byTable.set(table, buffer);
    }
  }

  async add<T extends PgTable>(table: T, row: T['$inferInsert']): Promise<void> {
    const buffer = this.byTable.get(table);
    if (!buffer) throw new Error(`Seed: table ${getTableName(table)} is not registered`);
    buffer.rows.push(row as Row);
    this.buffered++;
    if (this.buffered >= FLUSH_THRESHOLD) await this.flush();
  }

  /** Adds without the threshold check; call flush() or maybeFlush() afterwards. */
  push<T extends PgTable>(table: T, row: T['$inferInsert']): void {
    const buffer = this.byTable.get(table);
    if (!buffer) throw new Error(`Seed: table ${getTableName(table)} is not registered`);
    buffer.rows.push(row as Row);
    this.buffered++;
  }

  async maybeFlush(): Promise<void> {
    if (this.buffered >= FLUSH_THRESHOLD) await this.flush();
  }

  async flush(): Promise<void> {
    for (const buffer of this.buffers) {
      if (buffer.rows.length > 0) await this.write(buffer);
    }
    this.buffered = 0;
  }

  private async write(buffer: Buffer): Promise<void> {
    const rows = buffer.rows;
    buffer.rows = [];
    // The columns are the union of the keys used; a row without a key gets the default.
    const keys: string[] = [];
    const seen = new Set<string>();
    for (const row of rows) {
      for (const key of Object.keys(row)) {
        if (seen.has(key)) continue;
        seen.add(key);
        if (!buffer.columns.has(key)) throw new Error(`Seed: ${buffer.name} has no column ${key}`);
        keys.push(key);
      }
    }
    const head = `insert into "${buffer.name}" (${keys.map((k) => `"${buffer.columns.get(k)}"`).join(', ')}) values `;
    let start = 0;
    while (start < rows.length) {
      const values: unknown[] = [];
      const tuples: string[] = [];
      let end = start;
      while (end < rows.length && end - start < MAX_ROWS_PER_STATEMENT && values.length + keys.length <= MAX_PARAMETERS) {
        const row = rows[end];
        const parts = new Array<string>(keys.length);
        for (let i = 0; i < keys.length; i++) {
          const value = row[keys[i]];
          const lit = literal(value);
          if (lit !== undefined) {
            parts[i] = lit;
          } else {
            values.push(value);
            parts[i] = `$${values.length}`;
          }
        }
        tuples.push(`(${parts.join(', ')})`);
        end++;
      }
      await this.executor.executeSql(head + tuples.join(', '), values);
      this.statements++;
      start = end;
    }
    this.counts.set(buffer.name, (this.counts.get(buffer.name) ?? 0) + rows.length);
  }
}
