import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { ContentMigrationService } from '../../src/modules/studio/content-migration/content-migration.service';
import { Harness, waitForMail } from '../support/harness';

interface CrawlResult {
  indexed: number;
  failed: { url: string; reason: string }[];
}

const SUBJECT = 'ai-user';
// The default limit, so that crafted pages can be as large as in production.
const MAX_BYTES = 2 * 1024 * 1024;
// Pages crafted to be slow to parse: 100k nested <div>s (1 MiB) and almost 2 MiB of '<'.
const NESTED_DIVS = `<html><body>${'<div>'.repeat(100_000)}deep${'</div>'.repeat(100_000)}</body></html>`;
const LESS_THANS = '<'.repeat(MAX_BYTES - 1024);
const savedEnv = { ...process.env };

function paragraphs(topic: string, n: number): string {
  return Array.from(
    { length: n },
    (_, i) =>
      `<p>Paragraph ${i + 1} about ${topic}. The context window is the span of tokens a language model can see at once, ` +
      `including the prompt, the conversation so far and the answer it is writing. When the window fills up, the oldest ` +
      `tokens fall out and the model forgets them, so long chats lose their early instructions.</p>`,
  ).join('\n');
}

const ARTICLE = `<!doctype html><html><head><title>Context windows explained</title>
<script>window.tracker = "SHOULD-NOT-BE-INDEXED";</script><style>.x{color:red}</style></head>
<body><nav><a href="/">Home</a> <a href="/about">NAVIGATION-LINK-TEXT</a></nav>
<main><h1>Context windows explained</h1>${paragraphs('context windows', 6)}
<h2>Quokkasaurus budgeting</h2><p>The quokkasaurus rule of thumb: budget tokens for the answer before you paste long documents.</p>
${paragraphs('token budgets', 4)}</main>
<footer>FOOTER-COPYRIGHT-TEXT</footer></body></html>`;

/** A small web site: an article, a page robots.txt forbids, an oversized page and redirects. */
class LocalSite {
  hits: string[] = [];
  /** Runs before the first crafted page is answered. */
  beforeCrafted: () => Promise<void> = async () => {};
  server: Server = createServer((req, res) => {
    this.hits.push(req.url!);
    const html = (body: string) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(body);
    };
    switch (req.url) {
      case '/robots.txt':
        res.writeHead(200, { 'content-type': 'text/plain' });
        return res.end('User-agent: *\nDisallow: /private\n');
      case '/articles/context':
        return html(ARTICLE);
      case '/articles/plain':
        return html(
          `<html><head><title>Tokens</title></head><body><h1>Tokens</h1>${paragraphs('tokenisation', 2)}</body></html>`,
        );
      case '/crafted/nested-divs':
      case '/crafted/less-thans': {
        const hook = this.beforeCrafted;
        this.beforeCrafted = async () => {};
        void hook().finally(() => html(req.url === '/crafted/nested-divs' ? NESTED_DIVS : LESS_THANS));
        return;
      }
      case '/private/secret':
        return html('<p>SECRET-PAGE-TEXT must never be fetched.</p>');
      case '/huge': {
        // Streamed without a Content-Length, so only the running byte count can stop it.
        res.writeHead(200, { 'content-type': 'text/html' });
        const chunk = `<p>${'filler words '.repeat(400)}</p>`;
        let sent = 0;
        const pump = () => {
          while (sent < MAX_BYTES * 3) {
            sent += chunk.length;
            if (!res.write(chunk)) return res.once('drain', pump);
          }
          res.end();
        };
        return pump();
      }
      case '/redirect-to-article':
        res.writeHead(301, { location: '/articles/plain' });
        return res.end();
      case '/redirect-to-metadata':
        // loopback but not allow-listed: were the guard to let it through, nothing would leave this machine
        res.writeHead(302, { location: `http://localhost:${req.socket.localPort}/latest/meta-data/` });
        return res.end();
      case '/redirect-to-private':
        res.writeHead(302, { location: '/private/secret' });
        return res.end();
      default:
        res.writeHead(404, { 'content-type': 'text/plain' });
        return res.end('not found');
    }
  });
}

// With a backtracking regular expression, this rule took about 15 s per 100-character path and
// froze the worker process (and its mail) meanwhile.
const PATHOLOGICAL_ROBOTS = 'User-agent: *\nDisallow: /*a*a*a*a*a*a$\n';
const A_PATH = `/${'a'.repeat(100)}`;

/**
 * A site whose robots.txt is pathological; `beforeRobots` runs before robots.txt is answered, and its
 * page is answered once `pageGate` settles, so a crawl is still running for as long as a test needs.
 */
class PathologicalSite {
  hits: string[] = [];
  beforeRobots: () => Promise<void> = async () => {};
  pageGate: Promise<unknown> = Promise.resolve();
  server: Server = createServer((req, res) => {
    this.hits.push(req.url!);
    if (req.url === '/robots.txt') {
      void this.beforeRobots().finally(() => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end(PATHOLOGICAL_ROBOTS);
      });
      return;
    }
    void this.pageGate.finally(() => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<html><head><title>Wildcards</title></head><body><h1>Wildcards</h1>${paragraphs('wildcards', 2)}</body></html>`,
      );
    });
  });
}

const site = new LocalSite();
const slowSite = new PathologicalSite();
let slowBase: string;
let base: string;
let port: number;
let h: Harness;
let studio: string;

function crawl(token: string | undefined, body: unknown) {
  return h.post<CrawlResult>('/api/rag/crawl', body, { token });
}

beforeAll(async () => {
  await new Promise<void>((r) => site.server.listen(0, '127.0.0.1', r));
  port = (site.server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  await new Promise<void>((r) => slowSite.server.listen(0, '127.0.0.1', r));
  slowBase = `http://127.0.0.1:${(slowSite.server.address() as AddressInfo).port}`;
  process.env.CRAWL_ALLOWED_HOSTS = `127.0.0.1:${port},${slowBase.replace('http://', '')}`;
  process.env.CRAWL_MAX_BYTES = String(MAX_BYTES);
  process.env.CRAWL_TIMEOUT_MS = '5000';
  h = await Harness.boot();
  await h.worker!.get(ContentMigrationService).runIfEmpty();
  studio = await h.demoToken('studio');
});
// Every test starts with nothing crawled for the subject.
beforeEach(() => h.sql(`delete from source_documents where subject_id = ?`, [SUBJECT]));
afterAll(async () => {
  await h.close();
  await new Promise((r) => site.server.close(r));
  await new Promise((r) => slowSite.server.close(r));
  process.env = savedEnv;
});

describe('POST /api/rag/crawl', () => {
  it('needs the studio role and valid input', async () => {
    const urls = [`${base}/articles/context`];
    expect((await crawl(undefined, { subjectId: SUBJECT, urls })).status).toBe(401);
    const learner = await h.newUser('crawl-learner');
    expect((await crawl(learner.token, { subjectId: SUBJECT, urls })).status).toBe(403);
    expect((await crawl(studio, { subjectId: 'no-such-subject', urls })).status).toBe(404);
    expect((await crawl(studio, { subjectId: SUBJECT, urls: [] })).status).toBe(400);
    expect((await crawl(studio, { subjectId: SUBJECT, urls: ['ftp://example.com/file'] })).status).toBe(400);
    expect((await crawl(studio, { subjectId: SUBJECT, urls: ['not a url'] })).status).toBe(400);
    const hitsBefore = site.hits.length;
    const tooMany = Array.from({ length: 51 }, (_, i) => `https://example.com/${i}`);
    expect((await crawl(studio, { subjectId: SUBJECT, urls: tooMany })).status).toBe(400);
    expect((await crawl(studio, { urls })).status).toBe(400);
    expect(site.hits.slice(hitsBefore)).toEqual([]);
    expect(await h.sql(`select 1 from source_documents where subject_id = ?`, [SUBJECT])).toEqual([]);
  });

  it('indexes readable passages, honours robots.txt, refuses oversized pages and follows safe redirects', async () => {
    const hitsBefore = site.hits.length;
    const res = await crawl(studio, {
      subjectId: SUBJECT,
      urls: [
        `${base}/articles/context`,
        `${base}/private/secret`,
        `${base}/huge`,
        `${base}/redirect-to-article`,
        `${base}/redirect-to-private`,
        `${base}/missing`,
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.indexed).toBe(2);
    const reasons = Object.fromEntries(res.body.failed.map((f) => [f.url.replace(base, ''), f.reason]));
    expect(Object.keys(reasons).sort()).toEqual(['/huge', '/missing', '/private/secret', '/redirect-to-private']);
    expect(reasons['/private/secret']).toContain('disallowed by robots.txt');
    expect(reasons['/redirect-to-private']).toContain('disallowed by robots.txt');
    expect(reasons['/huge']).toContain('page too large');
    expect(reasons['/missing']).toBe('HTTP 404');
    // robots.txt was read once for the site, and the forbidden page was never requested.
    const hits = site.hits.slice(hitsBefore);
    expect(hits.filter((u) => u === '/robots.txt')).toHaveLength(1);
    expect(site.hits).not.toContain('/private/secret');

    const docs = await h.sql<{ id: string; url: string; title: string }>(
      `select id, url, title from source_documents where subject_id = ? order by url`,
      [SUBJECT],
    );
    expect(docs.map((d) => d.url)).toEqual([`${base}/articles/context`, `${base}/redirect-to-article`]);
    expect(docs[0].title).toBe('Context windows explained');
    const passages = await h.sql<{ text: string }>(
      `select text from source_passages where document_id = ? order by position`,
      [docs[0].id],
    );
    expect(passages.length).toBeGreaterThanOrEqual(2);
    const all = passages.map((p) => p.text).join(' ');
    expect(all).toContain('Context windows explained');
    expect(all).toContain('Paragraph 6 about context windows');
    for (const junk of ['SHOULD-NOT-BE-INDEXED', 'NAVIGATION-LINK-TEXT', 'FOOTER-COPYRIGHT-TEXT', 'color:red'])
      expect(all).not.toContain(junk);
    for (const p of passages) expect(p.text.split(/\s+/).length).toBeLessThanOrEqual(250);
    expect(await h.sql(`select 1 from source_passages where text like '%SECRET-PAGE-TEXT%'`)).toEqual([]);
  });

  it('makes the passages searchable by full text, and the tutor cites them', async () => {
    expect(
      (await crawl(studio, { subjectId: SUBJECT, urls: [`${base}/articles/context`, `${base}/articles/plain`] })).body,
    ).toMatchObject({ indexed: 2, failed: [] });
    const hits = await h.sql<{ url: string; text: string }>(
      `select d.url, p.text from source_passages p join source_documents d on d.id = p.document_id
        where p.subject_id = ? and p.tsv @@ websearch_to_tsquery('english', 'quokkasaurus budget')`,
      [SUBJECT],
    );
    expect(hits).toHaveLength(1);
    expect(hits[0].url).toBe(`${base}/articles/context`);
    expect(hits[0].text).toContain('quokkasaurus rule of thumb');

    const answer = await h.post<{ html: string; sources: { title: string; url: string }[] }>(
      '/api/tutor/variant',
      { nodeId: 'aiu-context-window', action: 'explain_more', subject: SUBJECT },
      { token: studio },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.html).toContain('From the sources');
    expect(answer.body.sources).toEqual(
      expect.arrayContaining([{ title: 'Context windows explained', url: `${base}/articles/context` }]),
    );
  });

  it('is idempotent: crawling the same pages again keeps one document per URL and the same passages', async () => {
    expect(
      (await crawl(studio, { subjectId: SUBJECT, urls: [`${base}/articles/context`, `${base}/redirect-to-article`] }))
        .body,
    ).toMatchObject({ indexed: 2, failed: [] });
    const before = await h.sql(
      `select d.url, count(p.*)::int as n from source_documents d left join source_passages p on p.document_id = d.id where d.subject_id = ? group by d.url order by d.url`,
      [SUBJECT],
    );
    const res = await crawl(studio, {
      subjectId: SUBJECT,
      urls: [`${base}/articles/context`, `${base}/redirect-to-article`, `${base}/articles/context#again`],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ indexed: 2, failed: [] });
    const after = await h.sql(
      `select d.url, count(p.*)::int as n from source_documents d left join source_passages p on p.document_id = d.id where d.subject_id = ? group by d.url order by d.url`,
      [SUBJECT],
    );
    expect(after).toEqual(before);
  });

  // Only loopback targets reach a live crawl here, so a regressed guard could send nothing off this
  // machine; private, link-local and the other special-purpose ranges, and odd ports on public
  // addresses, are fed to the guard itself (src/common/http/address-check.spec.ts, safe-fetch.spec.ts).
  it('refuses loopback targets that are not allow-listed, also after a redirect, before connecting', async () => {
    const urls = [
      `http://127.0.0.1:${port === 1 ? 2 : 1}/`,
      `http://localhost:${port}/articles/context`,
      'http://[::1]/',
      `http://[::ffff:127.0.0.1]:${port}/`,
      `http://127.0.0.2:8080/admin`,
      `${base}/redirect-to-metadata`,
    ];
    const hitsBefore = site.hits.length;
    const res = await crawl(studio, { subjectId: SUBJECT, urls });
    expect(res.status).toBe(200);
    expect(res.body.indexed).toBe(0);
    const reasons = Object.fromEntries(res.body.failed.map((f) => [f.url, f.reason]));
    expect(reasons[urls[0]]).toMatch(/^refused: 127\.0\.0\.1 resolves to a loopback address/);
    expect(reasons[urls[1]]).toMatch(/^refused: localhost resolves to a loopback address/);
    expect(reasons['http://[::1]/']).toMatch(/^refused: ::1 resolves to a loopback address/);
    // an IPv4-mapped address is judged by the IPv4 address inside
    expect(reasons[`http://[::ffff:7f00:1]:${port}/`]).toMatch(
      /^refused: ::ffff:7f00:1 resolves to a loopback address/,
    );
    expect(reasons['http://127.0.0.2:8080/admin']).toMatch(/^refused: 127\.0\.0\.2 resolves to a loopback address/);
    // Checked again after a redirect from an allowed site.
    expect(reasons[urls[5]]).toMatch(/^refused: localhost resolves to a loopback address/);
    // Only the allowed site was contacted (its robots.txt, then the redirect); no refused target was.
    expect(site.hits.slice(hitsBefore)).toEqual(['/robots.txt', '/redirect-to-metadata']);
    expect(
      await h.sql(`select 1 from source_documents where subject_id = ? and url not like ?`, [SUBJECT, `${base}/%`]),
    ).toEqual([]);
  });

  it('keeps delivering sign-in mail while a crawl judges a pathological robots.txt', async () => {
    const email = 'learner@example.com';
    // The reset is requested just before the crawler receives robots.txt and starts matching it; the
    // allowed page is answered only once the mail is out, so the crawl is still running when it is sent.
    slowSite.beforeRobots = async () => {
      expect((await h.post('/api/auth/request-reset', { email })).status).toBe(200);
    };
    const mailed = waitForMail(email, 'reset-password', 1, 20000);
    slowSite.pageGate = mailed;
    let crawlDone = false;
    const crawling = crawl(studio, {
      subjectId: SUBJECT,
      urls: [`${slowBase}${A_PATH}b`, `${slowBase}${A_PATH}`],
    }).finally(() => {
      crawlDone = true;
    });
    // With the backtracking matcher the worker froze for about 15 s per path: no mail within the wait.
    await mailed;
    expect(crawlDone).toBe(false);
    const res = await crawling;
    expect(res.status).toBe(200);
    expect(res.body.indexed).toBe(1);
    expect(res.body.failed).toEqual([
      { url: `${slowBase}${A_PATH}`, reason: expect.stringContaining('disallowed by robots.txt') },
    ]);
    expect(slowSite.hits).toEqual(['/robots.txt', `${A_PATH}b`]);
  }, 120000);

  it('keeps delivering sign-in mail while a crawl reads crafted pages, and reports them as unreadable', async () => {
    const { email } = await h.newUser('crawl-crafted');
    // The reset is requested just before the crawler receives the first crafted page and starts reading it.
    site.beforeCrafted = async () => {
      expect((await h.post('/api/auth/request-reset', { email })).status).toBe(200);
    };
    const urls = [`${base}/crafted/nested-divs`, `${base}/crafted/less-thans`, `${base}/articles/plain`];
    const crawling = crawl(studio, { subjectId: SUBJECT, urls });
    // Parsing these pages in the worker's own thread froze it for seconds: no mail within the wait.
    await waitForMail(email, 'reset-password', 1, 20000);
    const res = await crawling;
    expect(res.status).toBe(200);
    expect(res.body.indexed).toBe(1);
    const reasons = Object.fromEntries(res.body.failed.map((f) => [f.url.replace(base, ''), f.reason]));
    expect(reasons).toEqual({
      '/crafted/nested-divs': 'failed: page unreadable: elements nested deeper than 512',
      '/crafted/less-thans': expect.stringMatching(/^failed: page unreadable: /),
    });
    expect(await h.sql(`select url from source_documents where subject_id = ?`, [SUBJECT])).toEqual([
      { url: `${base}/articles/plain` },
    ]);
  }, 120000);
});
