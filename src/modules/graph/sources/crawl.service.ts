import { MikroORM } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { AppConfig } from '../../../config/config';
import { InjectConfig } from '../../../config/config.module';
import type { CrawlPayload } from '../../../queues/queues';
import { RobotsRules } from './robots';
import { FetchRefused, safeFetch } from '../../../common/http/safe-fetch';
import { SourcesRepository } from './sources.repository';
import { extractReadableTextOffThread } from './extract-pool';
import { splitPassages } from './text-extract';

export const CRAWLER_AGENT = 'AdaptiveLearningBot';

export interface CrawlResult {
  indexed: number;
  passages: number;
  failed: { url: string; reason: string }[];
}

const ROBOTS_MAX_BYTES = 512 * 1024;

/** The crawl job's logic (run by the worker): fetch, extract, split and index pages for one subject. */
@Injectable()
export class CrawlService {
  private readonly logger = new Logger(CrawlService.name);

  constructor(
    private readonly orm: MikroORM,
    private readonly repo: SourcesRepository,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  private get userAgent() {
    return `${CRAWLER_AGENT}/1.0 (+${this.config.publicUrl})`;
  }

  async crawl(
    payload: CrawlPayload,
    progress?: (p: { done: number; total: number }) => Promise<void> | void,
    signal?: AbortSignal,
  ): Promise<CrawlResult> {
    const result: CrawlResult = { indexed: 0, passages: 0, failed: [] };
    const robotsByOrigin = new Map<string, Promise<RobotsRules>>();
    const robotsFor = (origin: string) => {
      if (!robotsByOrigin.has(origin)) robotsByOrigin.set(origin, this.fetchRobots(origin));
      return robotsByOrigin.get(origin)!;
    };
    const urls = [...new Set(payload.urls.map((u) => normaliseUrl(u)))];
    for (const [i, url] of urls.entries()) {
      // Cancel stops between pages; each page's fetch is time-limited and its passages replaced atomically.
      signal?.throwIfAborted();
      try {
        const count = await this.crawlOne(payload.subjectId, url, robotsFor);
        result.indexed++;
        result.passages += count;
      } catch (err) {
        const reason = err instanceof FetchRefused ? err.message : `failed: ${(err as Error).message}`;
        if (!(err instanceof FetchRefused)) this.logger.warn({ err, url }, 'crawl of a page failed');
        result.failed.push({ url, reason });
      }
      await progress?.({ done: i + 1, total: urls.length });
    }
    return result;
  }

  private async crawlOne(
    subjectId: string,
    url: string,
    robotsFor: (origin: string) => Promise<RobotsRules>,
  ): Promise<number> {
    const page = await safeFetch(url, {
      allowedHosts: this.config.crawl.allowedHosts,
      maxBytes: this.config.crawl.maxBytes,
      timeoutMs: this.config.crawl.timeoutMs,
      userAgent: this.userAgent,
      accept: ['text/html', 'application/xhtml+xml', 'text/plain'],
      // Every hop, redirect targets included, must be allowed by its own site's robots.txt.
      beforeHop: async (u) => {
        const rules = await robotsFor(u.origin);
        if (!rules.isAllowed(`${u.pathname}${u.search}`))
          throw new FetchRefused(`disallowed by robots.txt (${u.origin}${u.pathname})`);
      },
    });
    const { title, blocks } = page.contentType.startsWith('text/plain')
      ? {
          title: null,
          blocks: page.body
            .split(/\n\s*\n/)
            .map((b) => b.replace(/\s+/g, ' ').trim())
            .filter(Boolean),
        }
      : // Off the event loop and time-limited: a crafted page is reported as unreadable (UnreadablePage).
        await extractReadableTextOffThread(page.body);
    const passages = splitPassages(blocks);
    if (!passages.length) throw new FetchRefused('no readable text on the page');
    const hash = createHash('sha256').update(JSON.stringify({ title, passages })).digest('hex');
    // Keyed by (subject, url): crawling the same page again replaces its passages, never duplicates them.
    await this.orm.em.fork().transactional(async (em) => {
      const id = await this.repo.upsertDocument(em, subjectId, url, title?.slice(0, 500) ?? null, hash);
      await this.repo.replacePassages(em, id, subjectId, passages);
    });
    return passages.length;
  }

  /** robots.txt of an origin: missing (4xx) allows all; unreachable or failing (5xx) disallows all, as RFC 9309 says. */
  private async fetchRobots(origin: string): Promise<RobotsRules> {
    try {
      const res = await safeFetch(`${origin}/robots.txt`, {
        allowedHosts: this.config.crawl.allowedHosts,
        maxBytes: ROBOTS_MAX_BYTES,
        timeoutMs: this.config.crawl.timeoutMs,
        userAgent: this.userAgent,
      });
      return RobotsRules.parse(res.body, CRAWLER_AGENT);
    } catch (err) {
      const message = (err as Error).message;
      if (/^HTTP 4\d\d$/.test(message)) return RobotsRules.allowAll();
      // A refused target stays refused with its own reason (the page fetch reports it).
      if (message.startsWith('refused:')) throw err;
      throw new FetchRefused(`robots.txt of ${origin} could not be read (${message}); not crawling`);
    }
  }
}

/** The URL as stored: no fragment. */
function normaliseUrl(url: string): string {
  try {
    const u = new URL(url);
    u.hash = '';
    return u.href;
  } catch {
    return url;
  }
}
