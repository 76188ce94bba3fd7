import sanitizeHtml from 'sanitize-html';

export interface ExtractedPage {
  title: string | null;
  /** readable blocks in document order: headings, paragraphs, list items, cells */
  blocks: string[];
}

const BLOCK_TAGS = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'li',
  'dt',
  'dd',
  'td',
  'th',
  'tr',
  'pre',
  'blockquote',
  'div',
  'section',
  'article',
  'main',
  'br',
  'figcaption',
  'caption',
];
// Their text is page furniture (menus, footers, code, forms), never the article.
const DROPPED = [
  'script',
  'style',
  'noscript',
  'template',
  'nav',
  'footer',
  'aside',
  'form',
  'button',
  'select',
  'option',
  'textarea',
  'svg',
  'iframe',
  'head',
  'title',
  'object',
  'canvas',
];

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+|#39);/gi, (whole, name: string) => {
    const n = name.toLowerCase();
    if (n.startsWith('#x')) return safeCodePoint(parseInt(n.slice(2), 16)) ?? whole;
    if (n.startsWith('#')) return safeCodePoint(parseInt(n.slice(1), 10)) ?? whole;
    return NAMED[n] ?? whole;
  });
}

function safeCodePoint(cp: number): string | null {
  return Number.isFinite(cp) && cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : null;
}

/** A page whose text cannot be read safely (too deeply nested, too large, or too slow to read). */
export class UnreadablePage extends Error {
  constructor(readonly reason: string) {
    super(`page unreadable: ${reason}`);
    this.name = 'UnreadablePage';
  }
}

/**
 * Deeper than this the page is refused before parsing: the HTML parser looks up every end tag in
 * its stack of open elements, so 100k nested <div>s cost seconds per MiB. Browsers' parsers stop
 * nesting at 512; real articles stay far below.
 */
export const MAX_NESTING_DEPTH = 512;
/** Larger pages than the crawler ever fetches (CRAWL_MAX_BYTES is 2 MiB by default) are refused. */
export const MAX_HTML_CHARS = 8 * 1024 * 1024;

// Elements that never wrap others (void) or whose end tag the parser implies; they do not add depth.
const FLAT = new Set(
  'area base br col embed hr img input link meta param source track wbr p li dt dd tr td th thead tbody tfoot option optgroup colgroup caption rb rt rp rtc html head body'.split(
    ' ',
  ),
);

/**
 * The deepest nesting of start tags in the page, a cheap linear over-estimate of what the parser
 * would build (it does not know about raw text such as scripts); stops counting once past `limit`.
 */
export function nestingDepth(html: string, limit = Infinity): number {
  const tag = /<(\/?)([a-z][a-z0-9-]*)/gi;
  let depth = 0;
  let max = 0;
  for (let m = tag.exec(html); m; m = tag.exec(html)) {
    if (FLAT.has(m[2].toLowerCase())) continue;
    if (m[1]) depth = Math.max(0, depth - 1);
    else {
      depth++;
      max = Math.max(max, depth);
      if (max > limit) break;
    }
  }
  return max;
}

/** Stray `<` (not starting a tag, end tag, comment or declaration) a page may have: real pages escape them. */
export const MAX_STRAY_LESS_THANS = 10_000;

/**
 * How many `<` do not start markup (a letter, `/`, `!` or `?` follows), stopping past `limit`: one linear
 * pass, no regular expression. The HTML parser turns each into text nodes and buffers; a few megabytes
 * of them take hundreds of megabytes to parse.
 */
export function strayLessThans(html: string, limit = Infinity): number {
  let n = 0;
  for (let i = html.indexOf('<'); i >= 0 && n <= limit; i = html.indexOf('<', i + 1)) {
    const c = html.charCodeAt(i + 1);
    const markup =
      (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 47 /* / */ || c === 33 /* ! */ || c === 63; /* ? */
    if (!markup) n++;
  }
  return n;
}

/**
 * The readable text of an HTML page: scripts, styles, navigation and footers dropped, headings and paragraphs kept.
 * Throws UnreadablePage for pages too large or too deeply nested to parse in reasonable time. Runs for
 * seconds on crafted pages even so: the crawler calls it off the event loop (extract-pool.ts).
 */
export function extractReadableText(html: string): ExtractedPage {
  if (html.length > MAX_HTML_CHARS) throw new UnreadablePage(`larger than ${MAX_HTML_CHARS} characters`);
  if (nestingDepth(html, MAX_NESTING_DEPTH) > MAX_NESTING_DEPTH)
    throw new UnreadablePage(`elements nested deeper than ${MAX_NESTING_DEPTH}`);
  if (strayLessThans(html, MAX_STRAY_LESS_THANS) > MAX_STRAY_LESS_THANS)
    throw new UnreadablePage(`more than ${MAX_STRAY_LESS_THANS} stray "<" characters`);
  const titleMatch = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html);
  const title = titleMatch ? collapse(decodeEntities(titleMatch[1].replace(/<[^>]*>/g, ''))) || null : null;
  const kept = sanitizeHtml(html, {
    allowedTags: BLOCK_TAGS,
    allowedAttributes: {},
    nonTextTags: DROPPED,
  });
  const blocks = kept
    .replace(/<\/?[a-z0-9]+\s*\/?>/gi, '\n\n')
    .split(/\n\s*\n/)
    .map((b) => collapse(decodeEntities(b)))
    .filter((b) => b.length > 0);
  return { title, blocks };
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function wordCount(text: string): number {
  return text ? text.split(' ').length : 0;
}

/** Splits an over-long block at sentence ends into pieces of at most `max` words. */
function splitLong(block: string, max: number): string[] {
  const sentences = block.match(/[^.!?]+[.!?]+["')\]]*\s*|[^.!?]+$/g) ?? [block];
  const out: string[] = [];
  let cur: string[] = [];
  let n = 0;
  const push = () => {
    if (cur.length) out.push(collapse(cur.join(' ')));
    cur = [];
    n = 0;
  };
  for (const s of sentences) {
    const words = collapse(s).split(' ').filter(Boolean);
    // A "sentence" longer than the cap (no punctuation) is cut by words.
    for (let i = 0; i < words.length; i += max) {
      const chunk = words.slice(i, i + max);
      if (n + chunk.length > max) push();
      cur.push(chunk.join(' '));
      n += chunk.length;
    }
  }
  push();
  return out;
}

/**
 * Groups blocks into passages of about `min`..`max` words, in order, so each passage is a
 * self-contained piece of text that full-text search can rank on its own.
 */
export function splitPassages(blocks: string[], min = 100, max = 200): string[] {
  const passages: string[] = [];
  let cur: string[] = [];
  let n = 0;
  const flush = () => {
    if (cur.length) passages.push(cur.join('\n'));
    cur = [];
    n = 0;
  };
  for (const block of blocks.flatMap((b) => (wordCount(b) > max ? splitLong(b, max) : [b]))) {
    const w = wordCount(block);
    if (n > 0 && n + w > max) flush();
    cur.push(block);
    n += w;
    if (n >= min) flush();
  }
  if (cur.length) {
    const last = passages[passages.length - 1];
    // A short tail joins the passage before it when that keeps it near the cap.
    if (last && n < min && wordCount(last.replace(/\n/g, ' ')) + n <= max * 1.25)
      passages[passages.length - 1] = `${last}\n${cur.join('\n')}`;
    else flush();
  }
  return passages;
}
