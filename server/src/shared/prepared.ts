import { createHash } from 'node:crypto';
import type { EntityManager, PostgreSqlConnection } from '@mikro-orm/postgresql';

interface Named {
  name: string;
  text: string;
}

const statements = new Map<string, Named>();

/** The statement under a name of its own text, with `?` placeholders numbered as PostgreSQL takes them. */
function named(sql: string): Named {
  let statement = statements.get(sql);
  if (!statement) {
    if (sql.includes('??')) throw new Error(`a prepared statement takes values, not identifiers: ${sql}`);
    let n = 0;
    statement = {
      name: `p_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`,
      text: sql.replace(/\?/g, () => `$${++n}`),
    };
    statements.set(sql, statement);
  }
  return statement;
}

/**
 * Runs a hot path's statement (`?` placeholders, as `em.execute` takes it) as a named prepared statement:
 * PostgreSQL parses and plans it once per connection instead of on every call. `em.execute` sends its values
 * inlined into the text, and an order's debit (three writes in one statement) then costs PostgreSQL 0.6 ms
 * of CPU instead of 0.3, a status read of 100 orders 0.35 ms instead of 0.26 (bench/v2-tools.mjs).
 * Values travel as parameters: bigints as strings, arrays as `{1,2}` text cast in the statement. In a
 * transaction the statement runs on the transaction's connection through `em.execute`.
 */
export async function executePrepared<Row>(em: EntityManager, sql: string, params: readonly unknown[]): Promise<Row[]> {
  if (em.isInTransaction()) return em.execute<Row[]>(sql, [...params]);
  const { name, text } = named(sql);
  const pool = await (em.getConnection() as PostgreSqlConnection).getNativeClient();
  const result = await pool.query({ name, text, values: params as unknown[] });
  return result.rows as Row[];
}
