import sanitizeHtml from 'sanitize-html';

export interface ExtractedPage {
  title: string | null;
  /** readable blocks in document order: headings, paragraphs, list items, cells */
  blocks: string[];
}

const BLOCK_TAGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'li', 'dt', 'dd', 'td', 'th', 'tr', 'pre', 'blockquote', 'div', 'section', 'article', 'main', 'br', 'figcaption', 'caption'];
// Their text is page furniture (menus, footers, code, forms), never the article.
const DROPPED = ['script', 'style', 'noscript', 'template', 'nav', 'footer', 'aside', 'form', 'button', 'select', 'option', 'textarea', 'svg', 'iframe', 'head', 'title', 'object', 'canvas'];

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

/** The readable text of an HTML page: scripts, styles, navigation and footers dropped, headings and paragraphs kept. */
export function extractReadableText(html: string): ExtractedPage {
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
    if (last && n < min && wordCount(last.replace(/\n/g, ' ')) + n <= max * 1.25) passages[passages.length - 1] = `${last}\n${cur.join('\n')}`;
    else flush();
  }
  return passages;
}
