/**
 * The three statement-level triggers (insert, update, delete) that keep a summary table from a source table in
 * the writing transaction, each with the transition tables its event has (`new_rows`, `old_rows`): the statements
 * a migration adds and the ones its `down` drops. The triggers are named `<table>_<name>_<event>`.
 */
const EVENTS = [
  ['insert', 'new table as new_rows'],
  ['update', 'old table as old_rows new table as new_rows'],
  ['delete', 'old table as old_rows'],
] as const;

export function createStatementTriggers(table: string, name: string, fn: string): string[] {
  return EVENTS.map(
    ([op, refs]) =>
      `create trigger "${table}_${name}_${op}" after ${op} on "${table}" referencing ${refs} for each statement execute function ${fn}();`,
  );
}

export function dropStatementTriggers(table: string, name: string): string[] {
  return EVENTS.map(([op]) => `drop trigger "${table}_${name}_${op}" on "${table}";`);
}
