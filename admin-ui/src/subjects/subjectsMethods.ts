import { callApi } from '../providers/apiCall';

export const subjectsMethods = {
  /** `POST /api/graph/publish-draft`: the subject's draft overlay becomes a new live version (409: nothing to publish). */
  publishDraft: (subjectId: string) => callApi('post', '/api/graph/publish-draft', { body: { subjectId } }),
  /** `POST /api/rag/crawl`: crawls and indexes the URLs as the subject's sources; answers once the worker is done. */
  crawl: (subjectId: string, urls: string[]) => callApi('post', '/api/rag/crawl', { body: { subjectId, urls } }),
};
