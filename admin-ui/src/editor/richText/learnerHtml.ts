import { type EditorOptions, type Extensions, Node } from '@tiptap/core';
import CodeBlock from '@tiptap/extension-code-block';
import Link from '@tiptap/extension-link';
import StarterKit from '@tiptap/starter-kit';
import { allowedUrl, HTML_ALLOW_LIST } from '@lp/shared/html';

/**
 * The rich-text editor's schema is the learner HTML allow-list (@lp/shared/html), so what an author
 * types is what a learner sees: nothing the editor writes is dropped by the API's sanitiser, and the
 * API refuses html it would change. StarterKit without what the list drops (underline, strike, h1,
 * h5, h6); links keep only the list's attributes; tables, which the courses use, are plain
 * table/tr/th/td without the sizes and colgroup TipTap's own table would write.
 */

const LINK = HTML_ALLOW_LIST.linkAttributes;

/** Every link gets the sanitiser's rel and target whatever it said, so serving it changes nothing. */
const LearnerLink = Link.extend({
  addAttributes() {
    return {
      href: { default: null, parseHTML: (element) => element.getAttribute('href') },
      title: { default: null },
      target: { default: LINK.target ?? null, parseHTML: () => LINK.target ?? null },
      rel: { default: LINK.rel ?? null, parseHTML: () => LINK.rel ?? null },
    };
  },
}).configure({
  openOnClick: false,
  autolink: true,
  // a pasted or typed javascript: (or any scheme the list does not keep) never becomes a link
  isAllowedUri: (url, { defaultValidate }) => allowedUrl(url) && defaultValidate(url),
});

/** Code blocks without the `language-…` class (the list keeps no class attribute). */
const LearnerCodeBlock = CodeBlock.extend({ addAttributes: () => ({}) });

const TableCell = Node.create({
  name: 'tableCell',
  content: 'block+',
  isolating: true,
  parseHTML: () => [{ tag: 'td' }],
  renderHTML: () => ['td', 0],
});

const TableHeader = Node.create({
  name: 'tableHeader',
  content: 'block+',
  isolating: true,
  parseHTML: () => [{ tag: 'th' }],
  renderHTML: () => ['th', 0],
});

const TableRow = Node.create({
  name: 'tableRow',
  content: '(tableCell | tableHeader)+',
  parseHTML: () => [{ tag: 'tr' }],
  renderHTML: () => ['tr', 0],
});

/** A table's rows, header rows included, in one tbody (thead's rows are read like any other). */
const Table = Node.create({
  name: 'table',
  group: 'block',
  content: 'tableRow+',
  isolating: true,
  parseHTML: () => [{ tag: 'table' }],
  renderHTML: () => ['table', ['tbody', 0]],
});

export const LEARNER_HTML_EXTENSIONS: Extensions = [
  StarterKit.configure({
    heading: { levels: [2, 3, 4] },
    strike: false,
    underline: false,
    link: false,
    codeBlock: false,
    // no empty paragraph appended after a last table or heading: the html stays as written
    trailingNode: false,
  }),
  LearnerLink,
  LearnerCodeBlock,
  Table,
  TableRow,
  TableHeader,
  TableCell,
];

/** The options every rich-text input of the editor shares (one object: TipTap rebuilds on a new one). */
export const LEARNER_EDITOR_OPTIONS: Partial<EditorOptions> = { extensions: LEARNER_HTML_EXTENSIONS };
