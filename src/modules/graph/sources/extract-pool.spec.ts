import { ExtractPool, extractReadableTextOffThread } from './extract-pool';
import { extractReadableText, UnreadablePage } from './text-extract';

const MiB = 1024 * 1024;
// Pages crafted to be slow to parse (about 5 s, 1.7 s and 0.5 s in process on a dev machine).
const NESTED_DIVS = `<html><body>${'<div>'.repeat(100_000)}deep${'</div>'.repeat(100_000)}</body></html>`;
const LESS_THANS = '<'.repeat(2 * MiB);
const AMPS = '&amp'.repeat(MiB / 2);
/** 4 MiB of ordinary paragraphs: passes every pre-check, and parsing it takes well over 0.2 s. */
const MANY_PARAGRAPHS = '<p>a short paragraph</p>'.repeat(180_000);

const ARTICLE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Spaced repetition &mdash; a primer &amp; FAQ</title>
<link rel="stylesheet" href="/site.css"><script>window.dataLayer=[];function gtag(){dataLayer.push(arguments)}</script></head>
<body class="post"><header><a class="logo" href="/">Study Notes</a><nav><ul><li><a href="/">Home</a></li><li><a href="/blog">Blog</a></li></ul></nav></header>
<main><article><h1>Spaced repetition, a primer</h1><p class="lede">Reviewing just before you forget is the cheapest way to remember&nbsp;&ndash; the <em>spacing effect</em>.</p>
<h2>How the intervals grow</h2><p>After a correct answer the interval grows by a factor of about 2.5; after a lapse it starts over.<br>That is all.</p>
<figure><img src="/curve.png" alt="forgetting curve"><figcaption>Figure 1: the forgetting curve &#8212; after Ebbinghaus.</figcaption></figure>
<table><caption>Typical intervals</caption><thead><tr><th>Review</th><th>Days</th></tr></thead><tbody><tr><td>1</td><td>1</td></tr><tr><td>2</td><td>3</td></tr><tr><td>3</td><td>8</td></tr></tbody></table>
<blockquote><p>&ldquo;Memory is the residue of thought.&rdquo; &#x2014; D. Willingham</p></blockquote>
<pre><code>interval = interval * ease</code></pre><dl><dt>Ease</dt><dd>How fast the interval grows.</dd></dl>
<form action="/subscribe"><input name="email"><button>Subscribe</button></form></article>
<aside><h3>Related</h3><ul><li><a href="/leitner">Leitner boxes</a></li></ul></aside></main>
<footer><p>&copy; 2026 Study Notes</p></footer><script src="/app.js"></script></body></html>`;

const DOCS_PAGE = `<html><head><title>Tokens | Docs</title><style>body{font:16px/1.5 sans-serif}</style></head><body>
<div id="app"><div class="sidebar"><nav>${'<a href="#">Section</a>'.repeat(40)}</nav></div>
<div class="content"><section><h2 id="tokens">Tokens</h2><div class="para">A token is a piece of a word; <code>tiktoken</code> splits text &lt;fast&gt;.</div>
<div class="para">Most English words are one token; rare ones are two or more.</div><ol><li>Count tokens</li><li>Budget the answer</li></ol>
<noscript>Enable JavaScript</noscript><template><p>hidden</p></template><svg><text>chart</text></svg></section></div></div></body></html>`;

const SLOPPY_PAGE = `<HTML><HEAD><TITLE>Old   page</TITLE></HEAD><BODY BGCOLOR=white><CENTER><FONT SIZE=5>Welcome</FONT></CENTER>
<P>First paragraph without an end tag<P>Second one, with <B>bold</B> and a stray </I> end tag<UL><LI>one<LI>two</UL>
<TABLE><TR><TD>cell a<TD>cell b</TABLE>${'<p>Filler sentence number one. '.repeat(300)}</BODY></HTML>`;

const PROSE = `<html><body><main>${Array.from({ length: 2000 }, (_, i) => `<p>Paragraph ${i}: the quick brown fox jumps over the lazy dog &amp; the cat.</p>`).join('\n')}</main></body></html>`;

/**
 * Runs `work` while a chain of setImmediate callbacks counts the event loop's turns; returns its
 * result and the turns taken before it settled. Work done on this thread, in one piece, settles
 * with no turn between (the chain cannot run until it returns); work in another thread leaves the
 * loop free to turn. A count, not a duration: it does not depend on how loaded the machine is.
 */
async function withLoopTurns<T>(work: () => Promise<T>): Promise<{ result: T | Error; turns: number }> {
  let turns = 0;
  let running = true;
  const turn = () => {
    if (!running) return;
    turns += 1;
    setImmediate(turn);
  };
  setImmediate(turn);
  try {
    const result = await work().catch((err: Error) => err);
    return { result, turns };
  } finally {
    running = false;
  }
}

describe('extractReadableTextOffThread', () => {
  it('reads ordinary pages exactly as extractReadableText does in process', async () => {
    for (const html of [ARTICLE, DOCS_PAGE, SLOPPY_PAGE, PROSE, '', 'plain text, no tags']) {
      expect(await extractReadableTextOffThread(html)).toEqual(extractReadableText(html));
    }
    const article = await extractReadableTextOffThread(ARTICLE);
    expect(article.blocks).toContain('Spaced repetition, a primer');
    expect(article.blocks).toContain('Ease');
    expect(article.blocks.join(' ')).not.toMatch(/Home|Subscribe|Leitner|dataLayer|2026/);
  });

  it.each([
    ['1 MiB of nested <div>s', NESTED_DIVS],
    ['2 MiB of <', LESS_THANS],
    ['2 MiB of &amp', AMPS],
  ])(
    'keeps the event loop responsive while it reads %s',
    async (_name, html) => {
      const { result, turns } = await withLoopTurns(() => extractReadableTextOffThread(html));
      // The two refused pages are answered by a quick scan; the one parsed takes seconds, all in the thread.
      if (html === AMPS) expect(turns).toBeGreaterThan(3);
      if (html === NESTED_DIVS) expect(result).toEqual(new UnreadablePage('elements nested deeper than 512'));
      // 2 MiB of '<' would need more than the thread's 256 MB heap to parse (near that limit V8 can abort the
      // whole process): refused before parsing.
      else if (html === LESS_THANS) expect(result).toEqual(new UnreadablePage('more than 10000 stray "<" characters'));
      else expect(result).toEqual({ title: null, blocks: [expect.any(String)] });
    },
    30_000,
  );

  it('reports a page that takes longer than the time limit as unreadable, and reads the next page', async () => {
    const pool = new ExtractPool(200);
    try {
      const { result, turns } = await withLoopTurns(() => pool.extract(MANY_PARAGRAPHS));
      expect(result).toBeInstanceOf(UnreadablePage);
      expect((result as Error).message).toBe('page unreadable: reading it took longer than 0.2 s');
      expect(turns).toBeGreaterThan(3);
      // The pool recovers: the next page is read by a fresh thread, whose start-up does not count
      // against the page's 0.2 s.
      const next = await pool.extract(ARTICLE);
      expect(next).toEqual(extractReadableText(ARTICLE));
    } finally {
      await pool.close();
    }
  }, 30_000);

  it('reads pages one at a time in order and rejects pages still waiting when closed', async () => {
    const pool = new ExtractPool();
    const pages = [ARTICLE, DOCS_PAGE, SLOPPY_PAGE].map((html) => pool.extract(html));
    expect(await Promise.all(pages)).toEqual(
      [ARTICLE, DOCS_PAGE, SLOPPY_PAGE].map((html) => extractReadableText(html)),
    );
    const waiting = [pool.extract(PROSE), pool.extract(ARTICLE)].map((p) => p.catch((err: Error) => err.message));
    await pool.close();
    expect(await Promise.all(waiting)).toEqual(['the page reader was closed', 'the page reader was closed']);
  });
});
