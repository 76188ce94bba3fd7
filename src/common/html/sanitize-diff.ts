import sanitizeHtml from 'sanitize-html';
import ALLOW from '@lp/shared/html-allow-list.json';
import { sanitize } from './sanitize';

interface OpenTag {
  name: string;
  attribs: Record<string, string>;
}

// A pass of the sanitiser's own parser that keeps everything: the tags and attributes the html is made of.
function tagsOf(html: string): OpenTag[] {
  const tags: OpenTag[] = [];
  sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    // its output is thrown away: only the tags it saw are read
    allowVulnerableTags: true,
    onOpenTag: (name, attribs) => tags.push({ name, attribs: { ...attribs } }),
  });
  return tags;
}

// attributes the sanitiser sets on links itself (rel, target): setting or changing them is not a loss
const ADDED_BY_SANITISER = new Set(Object.keys(ALLOW.linkAttributes));
const URL_ATTRIBUTES = new Set(ALLOW.urlAttributes);

/**
 * What the server's sanitiser would remove from `html` before a learner sees it, in reading order and each once:
 * `the <img> tag`, `the onclick attribute of <p>`, `the javascript: link`. Empty when the html reaches learners
 * as written. Found by comparing the html with the sanitiser's output, tag by tag (the sanitiser only removes tags
 * and attributes, and adds the link attributes above, so the output's tags are the input's in order).
 */
export function sanitizerDrops(html: string): string[] {
  if (!html) return [];
  const before = tagsOf(html);
  const after = tagsOf(sanitize(html));
  const drops: string[] = [];
  let j = 0;
  for (const tag of before) {
    const kept = after[j];
    if (!kept || kept.name !== tag.name) {
      drops.push(`the <${tag.name}> tag`);
      continue;
    }
    j++;
    for (const [attr, value] of Object.entries(tag.attribs)) {
      if (ADDED_BY_SANITISER.has(attr) && tag.name === 'a') continue;
      if (kept.attribs[attr] === value) continue;
      const scheme = URL_ATTRIBUTES.has(attr) ? /^\s*([a-z][a-z0-9+.-]*):/i.exec(value) : null;
      drops.push(scheme ? `the ${scheme[1].toLowerCase()}: link` : `the ${attr} attribute of <${tag.name}>`);
    }
  }
  return [...new Set(drops)];
}
