import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * One read statement of a module's repository and how its rows become the module's answer, so that
 * another module can send it to PostgreSQL together with its own statement in one round trip.
 *
 * Table ownership holds: the SQL is written in the repository of the module that owns its tables and
 * the object is frozen there, so the module that sends the batch only carries it and gets the owner's
 * mapped answer (never the rows). On a loaded API each statement costs a socket write and read on
 * both sides and a backend wake-up, which for small reads is most of their cost.
 */
export interface BatchedRead<T> {
  readonly sql: string;
  readonly params: readonly unknown[];
  map(rows: Record<string, unknown>[]): T;
}

/** A read, frozen so that no module that carries it can change its SQL or values. */
export function batchedRead<T>(read: BatchedRead<T>): BatchedRead<T> {
  return Object.freeze({ ...read, params: Object.freeze([...read.params]) });
}

type Results<T extends readonly BatchedRead<unknown>[]> = {
  [K in keyof T]: T[K] extends BatchedRead<infer R> ? R : never;
};

/**
 * Runs the statements as one simple-protocol query and maps each one's rows. PostgreSQL runs them in
 * order in one implicit transaction (all or nothing; under READ COMMITTED each statement still takes
 * its own snapshot, as separate queries would), or inside the caller's transaction when `em` is in one.
 * Each statement's values are escaped on their own, exactly as `em.execute` escapes them, so a value
 * can never spill into the next statement. Read-only statements only: a batch is not a unit of work.
 */
export async function readTogether<T extends readonly BatchedRead<unknown>[]>(
  em: EntityManager,
  ...reads: T
): Promise<Results<T>> {
  if (reads.length === 0) return [] as unknown as Results<T>;
  const platform = em.getPlatform();
  const statements = reads.map((r) => {
    const sql = r.sql.trim().replace(/;$/, '');
    // checked on the template, before values (which may hold anything) are put in
    if (sql.includes(';')) throw new Error('a batched read holds one statement, without semicolons');
    return platform.formatQuery(sql, [...r.params]);
  });
  // each on a line of its own, so a statement ending in a `--` comment cannot swallow the separator
  const raw = await em.execute<Record<string, unknown>[] | Record<string, unknown>[][]>(statements.join('\n;\n'), []);
  // one statement answers its rows; several answer one row list per statement
  const perStatement = (reads.length === 1 ? [raw] : raw) as Record<string, unknown>[][];
  if (perStatement.length !== reads.length)
    throw new Error(`a batch of ${reads.length} statements answered ${perStatement.length} results`);
  return reads.map((r, i) => r.map(perStatement[i])) as Results<T>;
}
