import { RobotsRules } from './robots';
import {
  extractReadableText,
  MAX_NESTING_DEPTH,
  MAX_STRAY_LESS_THANS,
  strayLessThans,
  nestingDepth,
  splitPassages,
  UnreadablePage,
} from './text-extract';

describe('extractReadableText', () => {
  const html = `<!doctype html><html><head><title>Vagal tone &amp; HRV</title><style>p{color:red}</style>
    <script>var secret = "tracking";</script></head>
    <body><nav><ul><li><a href="/">Home</a></li><li>Menu item</li></ul></nav>
    <main><h1>Vagal tone</h1><p>The vagus nerve&nbsp;slows the heart.</p>
    <p>Breathing <strong>slowly</strong> raises HRV &lt;a lot&gt;.</p><ul><li>Exhale longer</li></ul></main>
    <aside>Related links</aside><footer>© 2026 Example Corp</footer></body></html>`;

  it('keeps headings, paragraphs and list items in order and drops scripts, styles, navigation and footers', () => {
    const page = extractReadableText(html);
    expect(page.title).toBe('Vagal tone & HRV');
    expect(page.blocks).toEqual([
      'Vagal tone',
      'The vagus nerve slows the heart.',
      'Breathing slowly raises HRV <a lot>.',
      'Exhale longer',
    ]);
    const all = page.blocks.join(' ');
    for (const gone of ['secret', 'color', 'Menu item', 'Home', 'Related links', 'Example Corp'])
      expect(all).not.toContain(gone);
  });
});

describe('extractReadableText on crafted pages', () => {
  const nested = (n: number) => `<html><body>${'<div>'.repeat(n)}deep${'</div>'.repeat(n)}</body></html>`;

  // The messages below come only from the scan that runs before parsing: the parser never sees these pages.
  it('refuses 1 MiB of nested <div>s before parsing it (which took seconds)', () => {
    expect(() => extractReadableText(nested(100_000))).toThrow(
      new UnreadablePage(`elements nested deeper than ${MAX_NESTING_DEPTH}`),
    );
  });

  it('refuses megabytes of stray "<" before parsing them; markup and a few stray ones are fine', () => {
    expect(() => extractReadableText('<'.repeat(2 * 1024 * 1024))).toThrow(
      new UnreadablePage(`more than ${MAX_STRAY_LESS_THANS} stray "<" characters`),
    );
    expect(strayLessThans('<p>a < b and 3 <4</p><!-- c --><?xml?><br/>')).toBe(2);
    expect(extractReadableText(`<p>${'1 < 2. '.repeat(MAX_STRAY_LESS_THANS)}</p>`).blocks).toHaveLength(1);
  });

  it('still reads pages nested as deep as the limit, and counts only elements that wrap others', () => {
    expect(extractReadableText(nested(MAX_NESTING_DEPTH - 2)).blocks).toEqual(['deep']);
    expect(nestingDepth('<div><p>a<p>b<br><img src=x><ul><li>c<li>d</ul></div><div></div>')).toBe(2);
    expect(nestingDepth('</div></div><div>')).toBe(1);
    expect(nestingDepth('a < b << c <3')).toBe(0);
  });
});

describe('splitPassages', () => {
  const words = (n: number, w = 'word') => Array.from({ length: n }, (_, i) => `${w}${i}`).join(' ');

  it('groups blocks into passages of about 100 to 200 words', () => {
    const blocks = Array.from({ length: 20 }, (_, i) => words(40, `b${i}x`));
    const passages = splitPassages(blocks);
    expect(passages.length).toBeGreaterThan(3);
    for (const p of passages) {
      const n = p.split(/\s+/).length;
      expect(n).toBeGreaterThanOrEqual(100);
      expect(n).toBeLessThanOrEqual(200);
    }
    expect(passages.join(' ').split(/\s+/)).toHaveLength(800);
  });

  it('splits an over-long block at sentence ends and keeps a short page whole', () => {
    const long = Array.from({ length: 50 }, (_, i) => `Sentence ${i} has exactly six words.`).join(' ');
    const passages = splitPassages([long]);
    for (const p of passages) expect(p.split(/\s+/).length).toBeLessThanOrEqual(200);
    expect(passages.every((p) => p.endsWith('.'))).toBe(true);
    expect(splitPassages(['Only a few words here.'])).toEqual(['Only a few words here.']);
    expect(splitPassages([])).toEqual([]);
  });
});

describe('RobotsRules', () => {
  const txt = `# comment
User-agent: OtherBot
Disallow: /

User-agent: *
Disallow: /private
Allow: /private/open
Disallow: /*.pdf$
`;
  it('honours Disallow for *, with the longest rule winning', () => {
    const r = RobotsRules.parse(txt, 'AdaptiveLearningBot');
    expect(r.isAllowed('/articles/one')).toBe(true);
    expect(r.isAllowed('/private/page')).toBe(false);
    expect(r.isAllowed('/private/open/page')).toBe(true);
    expect(r.isAllowed('/files/a.pdf')).toBe(false);
    expect(r.isAllowed('/files/a.pdf?x=1')).toBe(true);
  });

  it('uses the group naming our agent when there is one', () => {
    const r = RobotsRules.parse(
      `User-agent: *\nDisallow:\n\nUser-agent: adaptivelearningbot\nDisallow: /no-bots\n`,
      'AdaptiveLearningBot',
    );
    expect(r.isAllowed('/no-bots/x')).toBe(false);
    expect(r.isAllowed('/elsewhere')).toBe(true);
    expect(RobotsRules.parse(txt, 'OtherBot').isAllowed('/anything')).toBe(false);
  });
});
