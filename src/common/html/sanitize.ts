import sanitizeHtml from 'sanitize-html';

// Course html comes from authored files, the Studio editor and legacy imports: whatever
// its source, only this markup reaches a learner's browser.
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'b',
    'i',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'code',
    'pre',
    'a',
    'br',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'span',
    'sup',
    'sub',
    'hr',
  ],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
};

export function sanitize(html: string | null | undefined): string {
  return html ? sanitizeHtml(html, OPTIONS) : '';
}
