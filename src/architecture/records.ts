import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { codeOnly, lineAt, walk } from './source-scan';

/*
 * "Repositories return camelCase records; row types stay private to the repository" made checkable. Each table
 * is described three times: its migration, its entity, and the rows its repository's SQL answers. The schema
 * diff (src/database/schema-diff.ts) holds the first two together; these scans keep the third inside its
 * repository: no repository exports a type with snake_case keys, and no other file reads a column's
 * snake_case name off an object, so a row cannot reach a service, a DTO mapper, a controller or a worker.
 *
 * They read code as text, with comments and strings blanked (source-scan.ts), so SQL and messages never count.
 * What they do not see:
 * - a type declared elsewhere and exported through a repository (`export interface X extends Y`, where Y has
 *   the snake_case keys), and a method's inline return type: nobody can read those keys without the second
 *   scan noticing, so a leak that matters is still caught at its reader;
 * - a read through a computed key (`row[key]`), or a destructuring spread over several lines with nested braces;
 * - a snake_case name that is no column of any entity (a JSON document's own keys, Stripe's or ts-fsrs's
 *   objects): only column names count as row fields;
 * - spec files, which build and read rows and fixtures on purpose.
 */

const ROOT = join(__dirname, '..', '..');
const MODULES = join(ROOT, 'src', 'modules');
const SNAKE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$/;
const SNAKE_KEY = /\b([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\??\s*:/g;

const rel = (file: string) => relative(ROOT, file).split(sep).join('/');
const toSnake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The text between the bracket at `open` and its partner (exclusive), in blanked code. */
function enclosed(code: string, open: number): { body: string; end: number } {
  const pairs: Record<string, string> = { '{': '}', '(': ')', '<': '>', '[': ']' };
  const close = pairs[code[open]];
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    if (code[i] === code[open]) depth++;
    else if (code[i] === close && --depth === 0) return { body: code.slice(open + 1, i), end: i };
  }
  return { body: code.slice(open + 1), end: code.length };
}

/**
 * Every column an entity declares, by the name PostgreSQL knows it: an entity class's property in
 * snake_case (MikroORM's naming), or its explicit `fieldName`.
 */
export function columnNames(files = walk(MODULES)): Set<string> {
  const columns = new Set<string>();
  for (const file of files.filter((f) => f.endsWith('.entity.ts'))) {
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(/fieldName:\s*'([a-z0-9_]+)'/g)) columns.add(m[1]);
    const code = codeOnly(source);
    for (const m of code.matchAll(/^export class \w+[^{]*\{/gm)) {
      const { body } = enclosed(code, m.index + m[0].length - 1);
      // members at the class's own depth: a property is a name at the start of a line, then `!`/`?`, `:` or `=`
      let depth = 0;
      for (const line of body.split('\n')) {
        const member = depth === 0 ? /^\s*(?:readonly\s+)?([A-Za-z]\w*)[!?]?\s*[:=]/.exec(line) : null;
        if (member) columns.add(toSnake(member[1]));
        for (const c of line) depth += c === '{' ? 1 : c === '}' ? -1 : 0;
      }
    }
  }
  return new Set([...columns].filter((c) => SNAKE.test(c)));
}

export interface RecordViolation {
  file: string;
  line: number;
  what: string;
}

/** Types a repository exports whose keys (at any depth) are snake_case, or whose name says "row". */
export function exportedRowTypes(files = walk(MODULES)): RecordViolation[] {
  const out: RecordViolation[] = [];
  for (const file of files.filter((f) => f.endsWith('.repository.ts'))) {
    const code = codeOnly(readFileSync(file, 'utf8'));
    for (const m of code.matchAll(/\bexport\s+(interface|type)\s+(\w+)/g)) {
      const at = m.index + m[0].length;
      let body: string;
      if (m[1] === 'interface') body = enclosed(code, code.indexOf('{', at)).body;
      else {
        // a type alias runs to the first `;` outside brackets
        let i = code.indexOf('=', at) + 1;
        let depth = 0;
        for (; i < code.length && !(depth === 0 && code[i] === ';'); i++)
          depth += '{(<['.includes(code[i]) ? 1 : '})>]'.includes(code[i]) && code[i - 1] !== '=' ? -1 : 0;
        body = code.slice(code.indexOf('=', at) + 1, i);
      }
      const keys = [...new Set([...body.matchAll(SNAKE_KEY)].map((k) => k[1]))];
      const line = lineAt(code, m.index);
      if (keys.length) out.push({ file: rel(file), line, what: `exports ${m[2]} with row keys ${keys.join(', ')}` });
      if (/Row$/.test(m[2])) out.push({ file: rel(file), line, what: `exports ${m[2]}: row types stay private` });
    }
  }
  return out;
}

/**
 * Reads of a column's snake_case name outside repositories: `x.user_id`, `x?.user_id`, `x['user_id']`, and
 * destructuring (`const { user_id } = x`, `({ user_id }) =>`). `allowed` lists, per file, names that are
 * read there off something that is not a row (with the reason beside it in the caller).
 */
export function snakeRecordReads(
  files: string[],
  columns: Set<string>,
  allowed: Record<string, string[]> = {},
): RecordViolation[] {
  const out: RecordViolation[] = [];
  const scanned = files.filter(
    (f) =>
      f.endsWith('.ts') &&
      !f.endsWith('.repository.ts') &&
      !f.endsWith('.spec.ts') &&
      !f.split(sep).includes('entities') &&
      !f.split(sep).includes('migrations'),
  );
  for (const file of scanned) {
    const source = readFileSync(file, 'utf8');
    const code = codeOnly(source);
    const ok = new Set(allowed[rel(file)] ?? []);
    const flag = (name: string, index: number) => {
      if (columns.has(name) && !ok.has(name))
        out.push({ file: rel(file), line: lineAt(code, index), what: `reads .${name}` });
    };
    // property reads (after a name, a call or an index; not a spread); a write (`x.a_b = …`) is not one
    for (const m of code.matchAll(/[\w$)\]]\s*\??\.\s*([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\b(?!\s*=(?!=))/g))
      flag(m[1], m.index);
    // element access by a string literal: the key is blanked in `code`, so it is read from the source
    for (const m of source.matchAll(/[\w$)\]]\s*(?:\?\.)?\[\s*(['"])([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\1\s*\]/g)) {
      const bracket = source.indexOf('[', m.index);
      if (code[bracket] === '[') flag(m[2], bracket);
    }
    // destructuring in a declaration or an arrow function's parameter
    for (const m of code.matchAll(
      /(?:\b(?:const|let|var)\s*\{([^{}]*)\}\s*=(?!=)|\(\s*\{([^{}]*)\}\s*(?::[^()]*)?\)\s*=>)/g,
    ))
      for (const part of (m[1] ?? m[2]).split(','))
        if (/^\s*([a-z]\w*)/.exec(part)) flag(/^\s*([a-z]\w*)/.exec(part)![1], m.index);
  }
  return out;
}
