import { checkHtml } from './html-check';

const messages = (html: string) => checkHtml(html).map((i) => i.message);

describe('checkHtml', () => {
  it('accepts every allowed tag used the way content uses them', () => {
    const html = [
      '<h3>A heading &amp; more</h3>',
      '<p>Text with <strong>bold</strong>, <em>em</em>, <code>x &lt; y</code> and a',
      '<a href="https://example.org/a?b=1&amp;c=2">link</a>.<br>Next line<br/>and <br />again.</p>',
      '<ul>\n  <li>One</li>\n  <li><p>Two</p><ol><li>nested</li></ol></li>\n</ul>',
      '<blockquote><p>Quote &ldquo;x&rdquo; &#8212; &#x2014;</p></blockquote>',
      '<h4>Table</h4>',
      '<table>\n<thead><tr><th>A</th><th>B</th></tr></thead>\n<tbody><tr><td>1</td><td><strong>2</strong></td></tr></tbody>\n</table>',
    ].join('\n');
    expect(checkHtml(html)).toEqual([]);
  });

  it('reports an unclosed tag with the line and column where it opened', () => {
    expect(checkHtml('<p>one</p>\n  <p>two <strong>bold</strong>')).toEqual([{ message: '<p> is never closed', line: 2, column: 3 }]);
  });

  it('reports mis-nested tags once', () => {
    expect(messages('<p><strong><em>x</strong></em></p>')).toEqual([
      '</strong> closes <strong> while <em> (line 1) is still open: tags are mis-nested',
      '</em> has no matching <em>',
    ]);
  });

  it('reports a closing tag with no opening tag', () => {
    expect(messages('<p>x</p></li>')).toEqual(['</li> has no matching <li>']);
  });

  it('rejects script tags', () => {
    expect(messages('<p>x</p><script>alert(1)</script>')).toEqual(['<script> is not allowed']);
    expect(messages('<p>x</p><SCRIPT src="https://evil.example/x.js"></SCRIPT>')).toEqual(
      expect.arrayContaining(['<script> is not allowed', 'tag names must be lowercase: <SCRIPT>']),
    );
  });

  it('rejects event handler attributes, on any tag', () => {
    expect(messages('<p onclick="alert(1)">x</p>')).toEqual(['event handler attribute onclick is not allowed']);
    expect(messages('<a href="https://example.org" onMouseOver="x()">x</a>')).toEqual(['event handler attribute onMouseOver is not allowed']);
  });

  it('rejects disallowed tags and their closing tags do not cascade', () => {
    expect(messages('<div><p>x</p></div>')).toEqual([expect.stringMatching(/^<div> is not an allowed tag/)]);
    expect(messages('<h2>x</h2>')).toEqual([expect.stringMatching(/^<h2> is not an allowed tag/)]);
    expect(messages('<p>x<img src="https://example.org/a.png"></p>')).toEqual([expect.stringMatching(/^<img> is not an allowed tag/)]);
  });

  it('allows only href on a, and no attributes elsewhere', () => {
    expect(messages('<p class="lead">x</p>')).toEqual(['attribute class is not allowed on <p> (no attributes)']);
    expect(messages('<a href="https://example.org" target="_blank">x</a>')).toEqual(['attribute target is not allowed on <a> (only href)']);
    expect(messages('<a>x</a>')).toEqual(['<a> needs an href']);
  });

  it('allows only http and https links', () => {
    expect(messages('<a href="javascript:alert(1)">x</a>')).toEqual(['href "javascript:alert(1)" must be an http or https URL']);
    expect(messages('<a href="/relative">x</a>')).toEqual(['href "/relative" is not an absolute URL']);
    expect(messages('<a href=https://example.org>x</a>')).toEqual(['attribute href must have a quoted value']);
    expect(messages('<a href="http://example.org/">x</a>')).toEqual([]);
  });

  it('rejects stray < and > but accepts entities', () => {
    expect(messages('<p>a < b</p>')).toEqual(["stray '<' that does not start a tag (write &lt;)"]);
    expect(messages('<p>a > b</p>')).toEqual(["stray '>' that does not end a tag (write &gt;)"]);
    expect(messages('<p>a &lt; b &gt; c</p>')).toEqual([]);
    expect(messages('<p>x</p><!-- note -->')).toEqual(['comments, doctypes and processing instructions are not allowed']);
  });

  it('requires well-formed entities', () => {
    expect(messages('<p>R&D</p>')).toEqual(["entity &D is missing its ';' (or write &amp; for a literal '&')"]);
    expect(messages('<p>salt & pepper</p>')).toEqual(["bare '&' (write &amp;)"]);
    expect(messages('<p>&bogus;</p>')).toEqual(['unknown entity &bogus;']);
    expect(messages('<p>&#0; &#xD800;</p>')).toEqual(['numeric entity &#0; is not a valid character', 'numeric entity &#xD800; is not a valid character']);
  });

  it('enforces where tags may appear', () => {
    expect(messages('<p>intro<ul><li>x</li></ul></p>')).toEqual(['<ul> is not allowed inside <p>']);
    expect(messages('<li>x</li>')).toEqual(['<li> is not allowed at the top level']);
    expect(messages('<ul>text<li>x</li></ul>')).toEqual(['text is not allowed directly inside <ul>']);
    expect(messages('<table><td>x</td></table>')).toEqual(['<td> is not allowed inside <table>']);
    expect(messages('<p><a href="https://a.example"><a href="https://b.example">x</a></a></p>')).toEqual(['<a> is not allowed inside <a>']);
  });

  it('rejects self-closing non-void tags, closing void tags and uppercase names', () => {
    expect(messages('<p/>')).toEqual(['<p/> cannot be self-closing; write <p></p>']);
    expect(messages('<p>x</br></p>')).toEqual(['</br> is not valid: <br> has no closing tag']);
    expect(messages('<P>x</P>')).toEqual(['tag names must be lowercase: <P>', 'tag names must be lowercase: </P>']);
  });

  it('reports a tag that never ends', () => {
    expect(messages('<p>x</p><strong')).toEqual(["<strong is not closed with '>'"]);
  });
});
