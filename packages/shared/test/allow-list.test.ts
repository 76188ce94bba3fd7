// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { ALLOWED_TAGS as CONTENT_PACK_TAGS } from '../../../src/content/html-check';
import { sanitize } from '../../../src/common/html/sanitize';
import { HTML_ALLOW_LIST, sanitizeHtmlForPreview } from '../src/html';

// The Studio's preview must show what learners get: its browser sanitiser and the API's sanitize-html,
// both configured from packages/shared/src/html/allow-list.json, must agree on the same input.

/** Both outputs re-serialised by one parser, so quoting and attribute order do not count as differences. */
const normalise = (html: string) => {
  const div = document.createElement('div');
  div.innerHTML = html;
  return div.innerHTML;
};

const SAMPLES = [
  '<p>Plain <strong>bold</strong> and <em>em</em></p>',
  '<p onclick="alert(1)">Hi <b>there</b></p><script>alert(2)</script>',
  '<img src="x" onerror="alert(3)"><p>after the image</p>',
  '<a href="javascript:alert(4)">bad</a> <a href="https://example.org/a?b=1" title="t">good</a>',
  '<a href="java\u0000script:alert(5)">nul</a><a href="mailto:a@b.c">mail</a><a href="/node/x">relative</a>',
  '<a href="data:text/html,hi">data</a><a href="HTTPS://EXAMPLE.ORG">upper</a>',
  '<div><section><h1>Heading one</h1><h2>two</h2></section></div>',
  '<style>p{color:red}</style><noscript>no</noscript><textarea>t</textarea><p>kept</p>',
  '<table><thead><tr><th>a</th></tr></thead><tbody><tr><td colspan="2">b</td></tr></tbody></table>',
  '<iframe src="https://example.org"></iframe><object data="x"></object><p>x<sup>2</sup>H<sub>2</sub>O</p>',
  '<ul><li>one</li><li>two <code>x &lt; y</code></li></ul><pre>a\n  b</pre><hr><br>',
  '<span style="color:red" class="c">styled</span><blockquote cite="x">q</blockquote>',
  '<a href="https://e.org" target="_self" rel="opener">link</a>',
  'text with &amp; entities &lt;b&gt; and a bare &gt;',
];

describe('the shared HTML allow-list', () => {
  it.each(SAMPLES)('the Studio preview keeps what the API keeps: %s', (html) => {
    expect(normalise(sanitizeHtmlForPreview(html))).toBe(normalise(sanitize(html)));
  });

  it('drops script, event handlers, images and javascript: links in both', () => {
    const out = sanitize(SAMPLES[1] + SAMPLES[2] + SAMPLES[3]);
    expect(out).not.toMatch(/script|onclick|onerror|<img|javascript:/i);
    expect(out).toContain('<a href="https://example.org/a?b=1" title="t" rel="noopener noreferrer" target="_blank">');
  });

  it('the content-pack checker (src/content/html-check.ts) allows a subset of it', () => {
    expect(CONTENT_PACK_TAGS.filter((t) => !HTML_ALLOW_LIST.tags.includes(t))).toEqual([]);
  });
});
