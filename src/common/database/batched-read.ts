import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * One read statement of a module's repository and how its rows become the module's answer, so that
 * another module can send it to PostgreSQL together with its own statements in one round trip.
 *
 * The SQL stays in the repository of the module that owns its tables; a batch only carries it. On a
 * loaded API each statement costs a socket write and read on both sides and a backend wake-up, which
 * for small reads is most of their cost.
 */
export interface BatchedRead<T> {
  sql: string;
  params: readonly unknown[];
  map(rows: Record<string, unknown>[]): T;
}

type Results<T extends readonly BatchedRead<unknown>[]> = {
  [K in keyof T]: T[K] extends BatchedRead<infer R> ? R : never;
};

/**
 * Runs the statements as one simple-protocol query (PostgreSQL runs them in order, in one implicit
 * transaction, so they read one snapshot) and maps each one's rows. Each statement's values are
 * escaped on their own, exactly as `em.execute` escapes them, so a value can never spill into the
 * next statement. Read-only statements only: a batch is not a unit of work.
 */
export async function readTogether<T extends readonly BatchedRead<unknown>[]>(
  em: EntityManager,
  ...reads: T
): Promise<Results<T>> {
  const platform = em.getPlatform();
  const sql = reads.map((r) => platform.formatQuery(r.sql.trim().replace(/;$/, ''), [...r.params])).join(';\n');
  const raw = await em.execute<Record<string, unknown>[] | Record<string, unknown>[][]>(sql, []);
  // one statement answers its rows; several answer one row list per statement
  const perStatement = (reads.length === 1 ? [raw] : raw) as Record<string, unknown>[][];
  if (perStatement.length !== reads.length)
    throw new Error(`a batch of ${reads.length} statements answered ${perStatement.length} results`);
  return reads.map((r, i) => r.map(perStatement[i])) as Results<T>;
}
