import { callApi } from '../providers/apiCall';

export const outlineMethods = {
  /** `GET /api/studio/outline?subject=`: the draft's modules and topics in reading order, and the retired topics. */
  outline: (subjectId: string) => callApi('get', '/api/studio/outline', { query: { subject: subjectId } }),
  /**
   * `PUT /api/studio/outline?subject=` with `If-Match` of the outline it changes: every non-retired topic once, per
   * module in order. 412 with `current` when someone changed the outline since.
   */
  saveOutline: (subjectId: string, modules: { id: string; topicIds: string[] }[], etag: string) =>
    callApi('put', '/api/studio/outline', {
      query: { subject: subjectId },
      header: { 'If-Match': etag },
      body: { modules },
    }),
};
