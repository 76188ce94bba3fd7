import { createHash } from 'node:crypto';

/** Stable SHA-256 of a JSON value (keys sorted), to tell changed content from unchanged. */
export function contentHash(value: unknown): string {
  const stable = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(stable)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v as object)
              .sort()
              .map((k) => [k, stable((v as Record<string, unknown>)[k])]),
          )
        : v;
  return createHash('sha256')
    .update(JSON.stringify(stable(value)))
    .digest('hex');
}

export type UpsertOutcome = 'created' | 'updated' | 'unchanged';

/** Reads the `inserted` flag of an `insert … on conflict do update … where changed returning (xmax = 0) as inserted`. */
export function upsertOutcome(rows: { inserted: boolean }[]): UpsertOutcome {
  if (rows.length === 0) return 'unchanged';
  return rows[0].inserted ? 'created' : 'updated';
}
