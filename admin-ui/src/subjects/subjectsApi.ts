import { httpClient } from '../providers/dataProvider';

export const PUBLISH_DRAFT_URL = '/api/graph/publish-draft';
export const CRAWL_URL = '/api/rag/crawl';

/** `POST /api/graph/publish-draft`: publishes the subject's draft overlay as a new version. */
export const publishDraft = async (subjectId: string): Promise<void> => {
  await httpClient(PUBLISH_DRAFT_URL, { method: 'POST', body: JSON.stringify({ subjectId }) });
};

export interface CrawlResult {
  indexed: number;
  failed: { url: string; reason: string }[];
}

/** The crawl text area's URLs: split on whitespace, empty entries dropped. */
export const parseUrls = (text: string): string[] => text.split(/\s+/).filter((url) => url !== '');

/** `POST /api/rag/crawl`: crawls and indexes the URLs; resolves once the worker is done. */
export const crawlSources = async (subjectId: string, urls: string[]): Promise<CrawlResult> => {
  const { json } = await httpClient(CRAWL_URL, { method: 'POST', body: JSON.stringify({ subjectId, urls }) });
  const body = json as { indexed?: unknown; failed?: unknown } | undefined;
  if (!body || typeof body.indexed !== 'number') throw new Error('Unexpected answer from the crawl endpoint');
  const failed = Array.isArray(body.failed)
    ? body.failed
        .filter((f): f is { url: unknown; reason?: unknown } => typeof f === 'object' && f !== null)
        .map((f) => ({ url: String(f.url ?? ''), reason: typeof f.reason === 'string' ? f.reason : '' }))
    : [];
  return { indexed: body.indexed, failed };
};
