import sanitizeHtml from 'sanitize-html';
import ALLOW from '@lp/shared/html-allow-list.json';

// Course html comes from authored files, the Studio editor and legacy imports: whatever its source,
// only this markup reaches a learner's browser. The list is shared with the Studio's preview
// (packages/shared/src/html), so authors preview exactly what learners get.
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOW.tags,
  allowedAttributes: ALLOW.attributes,
  allowedSchemes: ALLOW.schemes,
  allowedSchemesAppliedToAttributes: ALLOW.urlAttributes,
  nonTextTags: ALLOW.dropWithContent,
  transformTags: { a: sanitizeHtml.simpleTransform('a', ALLOW.linkAttributes) },
};

export function sanitize(html: string | null | undefined): string {
  return html ? sanitizeHtml(html, OPTIONS) : '';
}
