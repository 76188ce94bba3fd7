import sanitizeHtml from 'sanitize-html';
import { decodeEntities } from '../sources/text-extract';

/** Plain text of an html fragment, whitespace collapsed. */
export function textOf(html: string | null | undefined): string {
  if (!html) return '';
  return decodeEntities(sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }))
    .replace(/\s+/g, ' ')
    .trim();
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Sentences of a text (a sentence ends at . ! or ? followed by a space and a capital or an opening bracket). */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=["'([]?[A-Z0-9])/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The inner html of every `<li>` of a fragment, in order (nested lists are flattened). */
export function listItems(html: string | null | undefined): string[] {
  if (!html) return [];
  const out: string[] = [];
  const re = /<li[^>]*>([\s\S]*?)<\/li>/gi;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    const text = textOf(m[1]);
    if (text) out.push(text);
  }
  return out;
}

export interface Section {
  heading: string | null;
  text: string;
}

/** A lesson cut at its headings: each heading with the plain text that follows it. */
export function sections(html: string | null | undefined): Section[] {
  if (!html) return [];
  const parts = html.split(/<h[2-4][^>]*>([\s\S]*?)<\/h[2-4]>/i);
  const out: Section[] = [];
  const lead = textOf(parts[0]);
  if (lead) out.push({ heading: null, text: lead });
  for (let i = 1; i < parts.length; i += 2) out.push({ heading: textOf(parts[i]) || null, text: textOf(parts[i + 1]) });
  return out.filter((s) => s.heading || s.text);
}

/** A sentence shortened to at most `maxWords` words, with brackets dropped first. */
export function shorten(sentence: string, maxWords = 22): string {
  let s = sentence
    .replace(/\s*\([^)]*\)/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const words = s.split(' ');
  if (words.length > maxWords)
    s = `${words
      .slice(0, maxWords)
      .join(' ')
      .replace(/[,;:]$/, '')}…`;
  return s;
}
