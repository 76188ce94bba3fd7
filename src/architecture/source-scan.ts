import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every file under `dir`, depth first. */
export function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

// After one of these a `/` starts a regular expression, not a division.
const BEFORE_REGEX = /[(,=:[!&|?{};+\-*%<>~^]$|\b(?:return|typeof|case|in|of|delete|void|throw|new|else|do)$/;

/**
 * The TypeScript source with every comment and the text of every string and template literal blanked
 * out (replaced by spaces, line breaks kept, so offsets and line numbers still match the file). What
 * is left is code: SQL, messages and comments can no longer look like a property read. A template's
 * `${…}` parts are code and stay. Regular expression literals are blanked too, told from a division
 * by the token before the slash; a file that fools that guess is unusual enough to read by hand.
 */
export function codeOnly(source: string): string {
  const out = source.split('');
  const blank = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (out[k] !== '\n') out[k] = ' ';
  };
  // each open template literal's `${` depth: a `}` at that depth goes back into the template
  const templates: number[] = [];
  let depth = 0;
  let i = 0;
  const n = source.length;
  const inTemplate = () => {
    // scans template text from i; returns at its end (after the backtick) or at a `${` (after it)
    const start = i;
    while (i < n) {
      const c = source[i];
      if (c === '\\') i += 2;
      else if (c === '`') {
        blank(start, i);
        i++;
        templates.pop();
        return;
      } else if (c === '$' && source[i + 1] === '{') {
        blank(start, i);
        i += 2;
        depth++;
        return;
      } else i++;
    }
    blank(start, n);
  };
  while (i < n) {
    const c = source[i];
    const next = source[i + 1];
    if (c === '/' && next === '/') {
      const end = source.indexOf('\n', i);
      blank(i, end === -1 ? n : end);
      i = end === -1 ? n : end;
    } else if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      blank(i, end === -1 ? n : end + 2);
      i = end === -1 ? n : end + 2;
    } else if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < n && source[j] !== c && source[j] !== '\n') j += source[j] === '\\' ? 2 : 1;
      blank(i + 1, j);
      i = j + 1;
    } else if (c === '`') {
      i++;
      templates.push(depth);
      inTemplate();
    } else if (c === '/' && BEFORE_REGEX.test(source.slice(Math.max(0, i - 12), i).trimEnd())) {
      let j = i + 1;
      let inClass = false;
      while (j < n && source[j] !== '\n' && (inClass || source[j] !== '/')) {
        if (source[j] === '\\') j++;
        else if (source[j] === '[') inClass = true;
        else if (source[j] === ']') inClass = false;
        j++;
      }
      blank(i + 1, j);
      i = j + 1;
    } else if (c === '{') {
      depth++;
      i++;
    } else if (c === '}') {
      depth--;
      i++;
      if (templates.length && templates[templates.length - 1] === depth) inTemplate();
    } else i++;
  }
  return out.join('');
}

/** 1-based line of an offset. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let k = 0; k < offset; k++) if (text.charCodeAt(k) === 10) line++;
  return line;
}
