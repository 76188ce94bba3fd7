/**
 * A small, strict checker for the HTML fields of course content (summary_html,
 * lesson_html, variants). Content is rendered as-is in the learner site, so anything a
 * browser would silently "repair" (an unclosed <p>, mis-nested tags, a bare `<`) or
 * anything that could run code (<script>, on*= handlers, javascript: links) has to be
 * caught here, before the migration job copies it into the database. It is a tokeniser
 * plus a content model, not a full HTML parser: it only has to accept the tiny subset of
 * HTML that content/README.md allows and reject everything else.
 */

export interface HtmlIssue {
  message: string;
  /** 1-based line and column inside the checked string. */
  line: number;
  column: number;
}

/**
 * The tags content/README.md allows; nothing else may appear. A stricter subset of the product's one
 * allow-list (packages/shared/src/html/allow-list.json, what the API's sanitiser keeps): packs are held to
 * well-formed, simple markup, while Studio edits may use the whole list. packages/shared/test checks the
 * subset relation.
 */
export const ALLOWED_TAGS = [
  'p',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
  'h3',
  'h4',
  'blockquote',
  'code',
  'a',
  'br',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
] as const;

const ALLOWED = new Set<string>(ALLOWED_TAGS);

// Void elements of HTML in general, so that a disallowed <img> or <hr> is reported once
// and does not also show up as "never closed".
const VOID = new Set(['br', 'img', 'hr', 'input', 'meta', 'link', 'wbr', 'source', 'area', 'col', 'embed', 'param', 'track', 'base']);

const INLINE = ['strong', 'em', 'code', 'a', 'br'];
const BLOCK = ['p', 'ul', 'ol', 'h3', 'h4', 'blockquote', 'table'];
const PHRASING = new Set([...INLINE, '#text']);
const FLOW = new Set([...BLOCK, ...INLINE, '#text']);

/**
 * What each allowed tag may directly contain. A browser closes a <p> when it meets a <ul>
 * and moves stray text out of a <table>, so content that breaks these rules does not
 * render the way its author wrote it.
 */
const CONTENT_MODEL: Record<string, Set<string>> = {
  '#root': FLOW,
  p: PHRASING,
  h3: PHRASING,
  h4: PHRASING,
  strong: PHRASING,
  em: PHRASING,
  code: PHRASING,
  a: new Set(['strong', 'em', 'code', 'br', '#text']),
  li: FLOW,
  blockquote: FLOW,
  td: FLOW,
  th: FLOW,
  ul: new Set(['li']),
  ol: new Set(['li']),
  table: new Set(['thead', 'tbody', 'tr']),
  thead: new Set(['tr']),
  tbody: new Set(['tr']),
  tr: new Set(['th', 'td']),
};

// Named entities a writer might reasonably use. An unknown name is more likely a typo
// (or an unescaped `&`) than a deliberate choice, so it is reported.
const NAMED_ENTITIES = new Set(
  (
    'amp lt gt quot apos nbsp ndash mdash hellip lsquo rsquo ldquo rdquo laquo raquo sbquo bdquo ' +
    'copy reg trade times divide plusmn minus le ge ne asymp deg middot bull euro pound yen cent ' +
    'micro sect para frac12 frac14 frac34 sup1 sup2 sup3 larr rarr uarr darr harr rArr lArr hArr ' +
    'prime Prime alpha beta gamma delta Delta epsilon lambda mu pi sigma Sigma omega Omega infin ' +
    'shy thinsp ensp emsp zwj zwnj iexcl iquest check cross'
  ).split(' '),
);

const NAME_START = /[A-Za-z]/;
const ATTR_NAME = /^[^\s"'<>/=]+/;

interface OpenTag {
  name: string;
  line: number;
  column: number;
}

export function checkHtml(html: string): HtmlIssue[] {
  const issues: HtmlIssue[] = [];
  const lineStarts = [0];
  for (let i = 0; i < html.length; i++) if (html[i] === '\n') lineStarts.push(i + 1);
  const at = (offset: number) => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - lineStarts[lo] + 1 };
  };
  const report = (offset: number, message: string) => issues.push({ message, ...at(offset) });

  const stack: OpenTag[] = [];
  const parent = () => (stack.length ? stack[stack.length - 1].name : '#root');
  /** Content-model check for a child (tag name or '#text') placed under the current parent. */
  const place = (child: string, offset: number) => {
    const p = parent();
    const model = CONTENT_MODEL[p];
    // Children of a disallowed tag were already covered by reporting that tag.
    if (!model || model.has(child)) return;
    const where = p === '#root' ? 'at the top level' : `inside <${p}>`;
    report(offset, child === '#text' ? `text is not allowed directly ${where}` : `<${child}> is not allowed ${where}`);
  };

  let i = 0;
  let textStart = -1;
  const flushText = (end: number) => {
    if (textStart >= 0 && html.slice(textStart, end).trim()) place('#text', textStart + html.slice(textStart, end).search(/\S/));
    textStart = -1;
  };

  while (i < html.length) {
    const ch = html[i];
    if (ch === '<') {
      flushText(i);
      const next = html[i + 1] ?? '';
      if (next === '/' || NAME_START.test(next)) {
        i = readTag(i);
        continue;
      }
      if (next === '!' || next === '?') {
        report(i, 'comments, doctypes and processing instructions are not allowed');
        const end = html.indexOf('>', i);
        i = end < 0 ? html.length : end + 1;
        continue;
      }
      report(i, "stray '<' that does not start a tag (write &lt;)");
      i++;
      continue;
    }
    if (textStart < 0) textStart = i;
    if (ch === '>') report(i, "stray '>' that does not end a tag (write &gt;)");
    else if (ch === '&') {
      const entityIssue = checkEntity(html, i);
      if (entityIssue) report(i, entityIssue);
    }
    i++;
  }
  flushText(html.length);
  for (const open of stack.reverse()) {
    issues.push({ message: `<${open.name}> is never closed`, line: open.line, column: open.column });
  }
  return issues.sort((a, b) => a.line - b.line || a.column - b.column);

  /** Reads one tag starting at `<`; returns the offset after it. */
  function readTag(start: number): number {
    let j = start + 1;
    const closing = html[j] === '/';
    if (closing) j++;
    const nameMatch = /^[A-Za-z][A-Za-z0-9-]*/.exec(html.slice(j));
    if (!nameMatch) {
      report(start, "stray '<' that does not start a tag (write &lt;)");
      return start + 1;
    }
    const rawName = nameMatch[0];
    const name = rawName.toLowerCase();
    j += rawName.length;

    const attrs: { name: string; value: string | null; offset: number }[] = [];
    let selfClosing = false;
    let ended = false;
    while (j < html.length) {
      const c = html[j];
      if (/\s/.test(c)) {
        j++;
        continue;
      }
      if (c === '>') {
        j++;
        ended = true;
        break;
      }
      if (c === '/' && html[j + 1] === '>') {
        selfClosing = true;
        j += 2;
        ended = true;
        break;
      }
      if (c === '<') break;
      const attrMatch = ATTR_NAME.exec(html.slice(j));
      if (!attrMatch) {
        report(j, `unexpected '${c}' inside <${rawName}>`);
        j++;
        continue;
      }
      const attrOffset = j;
      const attrName = attrMatch[0];
      j += attrName.length;
      let k = j;
      while (k < html.length && /\s/.test(html[k])) k++;
      if (html[k] !== '=') {
        attrs.push({ name: attrName, value: null, offset: attrOffset });
        continue;
      }
      k++;
      while (k < html.length && /\s/.test(html[k])) k++;
      const quote = html[k];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, k + 1);
        if (close < 0) {
          report(attrOffset, `attribute ${attrName} has an unterminated quoted value`);
          return html.length;
        }
        attrs.push({ name: attrName, value: html.slice(k + 1, close), offset: attrOffset });
        j = close + 1;
      } else {
        const unquoted = /^[^\s>]*/.exec(html.slice(k))![0];
        report(attrOffset, `attribute ${attrName} must have a quoted value`);
        attrs.push({ name: attrName, value: unquoted, offset: attrOffset });
        j = k + unquoted.length;
      }
    }
    if (!ended) {
      report(start, `<${closing ? '/' : ''}${rawName} is not closed with '>'`);
      return j;
    }

    if (rawName !== name) report(start, `tag names must be lowercase: <${closing ? '/' : ''}${rawName}>`);

    if (closing) {
      if (attrs.length || selfClosing) report(start, `closing tag </${name}> cannot have attributes`);
      closeTag(name, start);
      return j;
    }

    const allowed = ALLOWED.has(name);
    if (name === 'script') report(start, '<script> is not allowed');
    else if (!allowed) report(start, `<${name}> is not an allowed tag (allowed: ${ALLOWED_TAGS.join(', ')})`);
    if (allowed) place(name, start);
    checkAttributes(name, attrs, start, allowed);

    const isVoid = VOID.has(name);
    if (selfClosing && !isVoid) report(start, `<${name}/> cannot be self-closing; write <${name}></${name}>`);
    if (!isVoid && !selfClosing) stack.push({ name, ...at(start) });
    return j;
  }

  function closeTag(name: string, offset: number) {
    if (VOID.has(name)) {
      report(offset, `</${name}> is not valid: <${name}> has no closing tag`);
      return;
    }
    const top = stack[stack.length - 1];
    if (top?.name === name) {
      stack.pop();
      return;
    }
    const depth = stack.map((t) => t.name).lastIndexOf(name);
    if (depth < 0) {
      report(offset, `</${name}> has no matching <${name}>`);
      return;
    }
    // Mis-nesting such as <strong><em></strong></em>: report it once and unwind to the
    // matching tag so one mistake does not cascade into a report for every later tag.
    report(offset, `</${name}> closes <${name}> while <${top.name}> (line ${top.line}) is still open: tags are mis-nested`);
    stack.length = depth;
  }

  function checkAttributes(tag: string, attrs: { name: string; value: string | null; offset: number }[], tagOffset: number, allowed: boolean) {
    const seen = new Set<string>();
    for (const attr of attrs) {
      const lower = attr.name.toLowerCase();
      if (seen.has(lower)) report(attr.offset, `attribute ${attr.name} appears twice on <${tag}>`);
      seen.add(lower);
      if (lower.startsWith('on')) {
        report(attr.offset, `event handler attribute ${attr.name} is not allowed`);
        continue;
      }
      if (!(tag === 'a' && lower === 'href')) {
        if (allowed) report(attr.offset, `attribute ${attr.name} is not allowed on <${tag}>${tag === 'a' ? ' (only href)' : ' (no attributes)'}`);
        continue;
      }
      if (attr.name !== 'href') report(attr.offset, `attribute names must be lowercase: ${attr.name}`);
      if (attr.value === null) {
        report(attr.offset, 'href needs a quoted http(s) URL');
        continue;
      }
      const href = checkHref(attr.value);
      if (href) report(attr.offset, href);
    }
    if (tag === 'a' && !seen.has('href')) report(tagOffset, '<a> needs an href');
  }
}

function checkHref(raw: string): string | null {
  if (raw.includes('<')) return "href contains '<'";
  for (let i = raw.indexOf('&'); i >= 0; i = raw.indexOf('&', i + 1)) {
    const issue = checkEntity(raw, i);
    if (issue) return `href: ${issue}`;
  }
  const value = decodeEntities(raw);
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (value !== value.trim() || /[\s\u0000-\u001f]/.test(value)) return `href "${raw}" contains whitespace or control characters`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `href "${raw}" is not an absolute URL`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `href "${raw}" must be an http or https URL`;
  return null;
}

/** Returns a problem with the `&` at `offset`, or null if it starts a well-formed entity. */
function checkEntity(s: string, offset: number): string | null {
  const m = /^&(#[xX][0-9A-Fa-f]+|#[0-9]+|[A-Za-z][A-Za-z0-9]*)(;?)/.exec(s.slice(offset, offset + 40));
  if (!m) return "bare '&' (write &amp;)";
  const body = m[1];
  if (!m[2]) return `entity &${body} is missing its ';' (or write &amp; for a literal '&')`;
  if (body.startsWith('#')) {
    const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
    const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) && !(code < 0x20 && code !== 9 && code !== 10 && code !== 13);
    return valid ? null : `numeric entity &${body}; is not a valid character`;
  }
  return NAMED_ENTITIES.has(body) ? null : `unknown entity &${body};`;
}

const BASIC: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(s: string): string {
  return s.replace(/&(#[xX][0-9A-Fa-f]+|#[0-9]+|[A-Za-z][A-Za-z0-9]*);/g, (whole, body: string) => {
    if (body.startsWith('#')) {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return String.fromCodePoint(code);
    }
    return BASIC[body] ?? whole;
  });
}
