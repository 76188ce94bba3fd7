import { sanitizerDrops } from './sanitize-diff';

describe('sanitizerDrops', () => {
  it('finds nothing in html the sanitiser keeps as written', () => {
    expect(sanitizerDrops('')).toEqual([]);
    expect(sanitizerDrops('<p>A <strong>bold</strong> &amp; <em>brave</em> line</p><ul><li>one</li></ul>')).toEqual([]);
    expect(sanitizerDrops('<p>a < b and c > d</p>')).toEqual([]);
  });

  it('does not count the link attributes the sanitiser only adds or sets', () => {
    expect(sanitizerDrops('<p><a href="https://example.org">x</a></p>')).toEqual([]);
    expect(sanitizerDrops('<a href="https://example.org" rel="nofollow" target="_self">x</a>')).toEqual([]);
    expect(sanitizerDrops('<a href="mailto:a@example.org" title="mail">x</a>')).toEqual([]);
  });

  it('names dropped tags, attributes and link schemes, each once, in reading order', () => {
    expect(
      sanitizerDrops(
        '<p onclick="x()">a</p><img src="/x.png"><a href="javascript:alert(1)">b</a><img src="/y.png"><p onclick="y()">c</p>',
      ),
    ).toEqual(['the onclick attribute of <p>', 'the <img> tag', 'the javascript: link']);
  });

  it('names a dropped tag whose content goes with it, and tags kept inside a dropped one', () => {
    expect(sanitizerDrops('<script>alert(1)</script><p>ok</p>')).toEqual(['the <script> tag']);
    expect(sanitizerDrops('<div><p>kept</p></div>')).toEqual(['the <div> tag']);
    expect(sanitizerDrops('<p style="color:red" class="x">a</p>')).toEqual([
      'the style attribute of <p>',
      'the class attribute of <p>',
    ]);
  });
});
