import list from './allow-list.json';

/**
 * The one HTML allow-list: the markup that reaches a learner's browser. The API's sanitiser
 * (src/common/html/sanitize.ts, sanitize-html) is configured from the same JSON file, and the Studio's
 * preview cleans by it too, so what an author previews is what a learner sees.
 */
export interface HtmlAllowList {
  /** elements kept; any other is unwrapped (its text kept) */
  tags: string[];
  /** attributes kept per element */
  attributes: Record<string, string[]>;
  /** attributes holding a URL, kept only with one of `schemes` or no scheme (relative) */
  urlAttributes: string[];
  schemes: string[];
  /** elements removed together with their content */
  dropWithContent: string[];
  /** set on every link, whatever it said */
  linkAttributes: Record<string, string>;
}

export const HTML_ALLOW_LIST: HtmlAllowList = list;

/** Whether `value` (an href) may stay: one of the allowed schemes, or relative. */
export function allowedUrl(value: string, allow: HtmlAllowList = HTML_ALLOW_LIST): boolean {
  // Browsers ignore control characters and spaces inside a scheme (`java\0script:`): drop them first, and
  // U+FFFD, which is what DOMParser makes of a NUL (the API's parser keeps the NUL and drops the link).
  // eslint-disable-next-line no-control-regex
  const url = value.replace(/[\u0000-\u0020\ufffd]/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  return scheme === undefined || allow.schemes.includes(scheme);
}

const copyClean = (source: Node, target: Node, doc: Document, allow: HtmlAllowList): void => {
  source.childNodes.forEach((child) => {
    if (child.nodeType === 3 /* text */) {
      target.appendChild(doc.createTextNode(child.textContent ?? ''));
      return;
    }
    if (child.nodeType !== 1 /* element */) return;
    const element = child as Element;
    const tag = element.tagName.toLowerCase();
    if (allow.dropWithContent.includes(tag)) return;
    if (!allow.tags.includes(tag)) {
      copyClean(element, target, doc, allow);
      return;
    }
    const clean = doc.createElement(tag);
    const allowed = allow.attributes[tag] ?? [];
    for (const { name, value } of Array.from(element.attributes)) {
      if (!allowed.includes(name)) continue;
      if (allow.urlAttributes.includes(name) && !allowedUrl(value, allow)) continue;
      clean.setAttribute(name, value);
    }
    if (tag === 'a') for (const [name, value] of Object.entries(allow.linkAttributes)) clean.setAttribute(name, value);
    copyClean(element, clean, doc, allow);
    target.appendChild(clean);
  });
};

/**
 * The browser's copy of the API's sanitiser, for previews: the html is parsed into an inert document
 * (DOMParser runs no scripts and loads nothing) and only what the allow-list keeps is copied out.
 */
export function sanitizeHtmlForPreview(html: string, allow: HtmlAllowList = HTML_ALLOW_LIST): string {
  const parsed = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const out = document.implementation.createHTMLDocument('');
  const container = out.createElement('div');
  copyClean(parsed.body, container, out, allow);
  return container.innerHTML;
}
