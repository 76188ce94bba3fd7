import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/**
 * The rule "each table has one owning module" made checkable: a table belongs to the module
 * whose `entities/` declares it (by its explicit `tableName`), and only that module's code may
 * name it in SQL. Other modules reach it through the owner's exported service.
 */
export const MODULES_DIR = join(__dirname, '..', 'modules');

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

/** The module a file under src/modules belongs to: its first folder. */
export function moduleOf(file: string): string {
  return relative(MODULES_DIR, file).split(sep)[0];
}

const isEntityFile = (file: string) => file.split(sep).includes('entities');

/** table name → owning module, read from every module's entity declarations. */
export function tableOwners(files = walk(MODULES_DIR)): Map<string, string> {
  const owners = new Map<string, string>();
  for (const file of files.filter((f) => isEntityFile(f) && f.endsWith('.entity.ts'))) {
    const source = readFileSync(file, 'utf8');
    const tables = [...source.matchAll(/tableName:\s*'([a-z0-9_]+)'/g)].map((m) => m[1]);
    if (!tables.length) throw new Error(`${file}: every entity declares its tableName explicitly`);
    for (const table of tables) {
      const previous = owners.get(table);
      if (previous && previous !== moduleOf(file))
        throw new Error(`table ${table} is declared by ${previous} and ${moduleOf(file)}`);
      owners.set(table, moduleOf(file));
    }
  }
  return owners;
}

export interface TableViolation {
  file: string;
  line: number;
  table: string;
  owner: string;
}

// Where SQL names a table: after from / join / into / update / table / exists (optionally quoted).
const SQL_TABLE = /\b(?:from|join|into|update|table|exists)\s+"?([a-z][a-z0-9_]*)"?/gi;

/** Every place a module's code names another module's table in SQL. */
export function foreignTableUses(files = walk(MODULES_DIR)): TableViolation[] {
  const owners = tableOwners(files);
  const violations: TableViolation[] = [];
  for (const file of files.filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts') && !isEntityFile(f))) {
    const mod = moduleOf(file);
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((text, i) => {
        for (const m of text.matchAll(SQL_TABLE)) {
          const table = m[1].toLowerCase();
          const owner = owners.get(table);
          if (owner && owner !== mod)
            violations.push({ file: relative(join(MODULES_DIR, '..', '..'), file), line: i + 1, table, owner });
        }
      });
  }
  return violations;
}
