import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';

const dialect = new PgDialect({ casing: 'snake_case' });

/** What a prepared statement needs of the database (Database, or a part of it in tests). */
export type PreparedTarget = Pick<Database, 'kind' | 'pool' | 'pglite'>;

/**
 * Runs a raw statement as a named prepared statement on PostgreSQL: parsed once per connection, and
 * after five runs PostgreSQL keeps a generic plan instead of planning again. The engine's hot
 * statements (several CTEs each) cost about 0.8 ms of planning against 0.1 ms of execution when sent
 * unnamed (docs/performance.md). The statement's text must not vary between calls with one name
 * (values go in as parameters). On PGlite it is an ordinary query. Rows come as the driver parses
 * them (timestamps may be Date or text: callers convert).
 */
export async function execPrepared<T>(database: PreparedTarget, name: string, query: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  if (database.kind === 'postgres')
    return (await database.pool!.query({ name, text, values: params as unknown[] })).rows as T[];
  return (await database.pglite!.query<T>(text, params as unknown[])).rows;
}
