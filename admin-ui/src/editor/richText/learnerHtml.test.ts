import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Editor } from '@tiptap/core';
import { sanitizeHtmlForPreview } from '@lp/shared/html';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

import { LEARNER_HTML_EXTENSIONS } from './learnerHtml';

const CONTENT = join(__dirname, '../../../../content');

/** What the editor writes back for `html` after the author types one character and deletes it. */
const editors: Editor[] = [];
const roundTrip = (html: string) => {
  const editor = new Editor({ extensions: LEARNER_HTML_EXTENSIONS, content: html });
  editors.push(editor);
  editor.commands.setContent(html, { emitUpdate: false });
  return editor.getHTML();
};
afterEach(() => editors.splice(0).forEach((e) => e.destroy()));

const text = (html: string) => {
  const div = document.createElement('div');
  div.innerHTML = html;
  return (div.textContent ?? '').replace(/\s+/g, '');
};

interface NodeFile {
  id: string;
  summary_html: string;
  lesson_html: string;
  variants: Record<string, string>;
}

/** Real course topics that use every element the courses have: tables, block quotes, ordered lists. */
const SAMPLE_FILES = [
  'ai-for-ceos/nodes/02-aic-use-case-portfolio.yaml',
  'ai-user/nodes/05-aiu-prompt-anatomy.yaml',
  'ai-for-ceos/nodes/01-aic-value-levers.yaml',
  'vagus-nerve/nodes/' + readdirSync(join(CONTENT, 'vagus-nerve/nodes'))[0],
];

const samples = SAMPLE_FILES.flatMap((file) => {
  const node = parse(readFileSync(join(CONTENT, file), 'utf8')) as NodeFile;
  return [
    [`${node.id} summary`, node.summary_html],
    [`${node.id} lesson`, node.lesson_html],
    ...Object.entries(node.variants).map(([key, html]) => [`${node.id} ${key}`, html]),
  ] as [string, string][];
});

describe("the rich-text editor's html", () => {
  it('covers tables, block quotes and ordered lists among the samples', () => {
    const all = samples.map(([, html]) => html).join('');
    for (const tag of ['<table', '<blockquote', '<ol', '<h3', '<strong', '<em']) expect(all).toContain(tag);
  });

  it.each(samples)('%s: the editor keeps every word and writes html the sanitiser leaves unchanged', (_, html) => {
    const out = roundTrip(html);
    expect(sanitizeHtmlForPreview(out)).toBe(out);
    expect(text(out)).toBe(text(html));
  });

  it('writes every element the allow-list keeps that an author can make', () => {
    const html =
      '<h2>Two</h2><h3>Three</h3><h4>Four</h4><p>a <strong>b</strong> <em>c</em> <code>d</code><br>e ' +
      '<a href="https://example.com/x" title="X">link</a> <a href="mailto:a@example.com">mail</a></p>' +
      '<ul><li><p>one</p></li></ul><ol><li><p>two</p></li></ol><blockquote><p>quote</p></blockquote>' +
      '<pre><code>code()</code></pre><hr><table><tbody><tr><th><p>h</p></th></tr><tr><td><p>d</p></td></tr></tbody></table>';
    const out = roundTrip(html);
    expect(sanitizeHtmlForPreview(out)).toBe(out);
    for (const tag of [
      'h2',
      'h3',
      'h4',
      'strong',
      'em',
      'code',
      'br',
      'a',
      'ul',
      'ol',
      'li',
      'blockquote',
      'pre',
      'hr',
      'table',
      'th',
      'td',
    ]) {
      expect(out).toContain(`<${tag}`);
    }
    expect(out).toContain('<a target="_blank" rel="noopener noreferrer" href="https://example.com/x" title="X">');
  });

  it('drops what the learner would not get, so its output is already what the sanitiser serves', () => {
    const html =
      '<h1>Big</h1><p onclick="x()" style="color:red" class="c">a <u>under</u> <s>strike</s> ' +
      '<a href="javascript:alert(1)">bad</a> <a href="https://ok.example" rel="nofollow" target="_self">ok</a></p>' +
      '<img src="https://example.com/i.png"><h6>Small</h6><pre><code class="language-js">x</code></pre>' +
      '<table style="width:10px"><colgroup><col></colgroup><thead><tr><th colspan="1">h</th></tr></thead></table>';
    const out = roundTrip(html);
    expect(sanitizeHtmlForPreview(out)).toBe(out);
    expect(out).not.toMatch(/<u>|<s>|<img|<h1|<h6|onclick|style=|class=|javascript:|nofollow|_self|colgroup|colspan/);
    expect(out).toContain('<a target="_blank" rel="noopener noreferrer" href="https://ok.example">ok</a>');
    expect(text(out)).toContain('understrikebadok');
  });
});
