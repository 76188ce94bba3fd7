/**
 * A small allow-list sanitiser for the summary preview: the html is parsed into an inert document
 * (DOMParser runs no scripts and loads nothing), then only known tags and attributes are copied.
 * Script-like elements are dropped with their content; other unknown elements are unwrapped.
 */
const ALLOWED_TAGS = new Set([
  'a',
  'abbr',
  'b',
  'blockquote',
  'br',
  'code',
  'dd',
  'div',
  'dl',
  'dt',
  'em',
  'figcaption',
  'figure',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'li',
  'mark',
  'ol',
  'p',
  'pre',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
]);
const DROPPED_TAGS = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'link',
  'meta',
  'base',
  'svg',
  'math',
  'frame',
  'frameset',
]);
const ALLOWED_ATTRIBUTES: Record<string, string[]> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan', 'scope'],
  ol: ['start'],
  '*': ['title'],
};

const safeUrl = (value: string, images: boolean) => {
  const url = value.trim();
  if (/^(https?:|mailto:)/i.test(url)) return !images || !/^mailto:/i.test(url);
  // Relative addresses (no scheme) are fine; anything else (javascript:, data:, vbscript:) is not.
  // Browsers ignore control characters and spaces inside a scheme (`java\0script:`), so drop them first.
  // eslint-disable-next-line no-control-regex
  return !/^[a-z][a-z0-9+.-]*:/i.test(url.replace(/[\u0000-\u0020]/g, ''));
};

const copyClean = (source: Node, target: Node, doc: Document) => {
  source.childNodes.forEach((child) => {
    if (child.nodeType === Node.TEXT_NODE) {
      target.appendChild(doc.createTextNode(child.textContent ?? ''));
      return;
    }
    if (child.nodeType !== Node.ELEMENT_NODE) return;
    const element = child as Element;
    const tag = element.tagName.toLowerCase();
    if (DROPPED_TAGS.has(tag)) return;
    if (!ALLOWED_TAGS.has(tag)) {
      copyClean(element, target, doc);
      return;
    }
    const clean = doc.createElement(tag);
    const allowed = [...(ALLOWED_ATTRIBUTES[tag] ?? []), ...ALLOWED_ATTRIBUTES['*']];
    for (const { name, value } of Array.from(element.attributes)) {
      if (!allowed.includes(name)) continue;
      if ((name === 'href' || name === 'src') && !safeUrl(value, name === 'src')) continue;
      clean.setAttribute(name, value);
    }
    if (tag === 'a') {
      clean.setAttribute('target', '_blank');
      clean.setAttribute('rel', 'noopener noreferrer');
    }
    copyClean(element, clean, doc);
    target.appendChild(clean);
  });
};

export const sanitizeHtml = (html: string): string => {
  const parsed = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const out = document.implementation.createHTMLDocument('');
  const container = out.createElement('div');
  copyClean(parsed.body, container, out);
  return container.innerHTML;
};
