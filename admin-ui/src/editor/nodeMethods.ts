import { callApi } from '../providers/apiCall';
import type { NodeDraftSave } from './authoring';

const node = (nodeId: string, subjectId: string) => ({ path: { nodeId }, query: { subject: subjectId } });

export const nodeMethods = {
  /** `GET /api/studio/nodes/{nodeId}?subject=` (404 for a topic the subject does not have); `etag` to save against. */
  node: (nodeId: string, subjectId: string) => callApi('get', '/api/studio/nodes/{nodeId}', node(nodeId, subjectId)),
  /**
   * `PUT /api/studio/nodes/{nodeId}?subject=` with `If-Match: etag`: writes the draft; answers it with its new
   * etag. 412 (someone saved since: `current`), 428 (no If-Match), 400 with the refused `field`.
   */
  saveNode: (nodeId: string, subjectId: string, draft: NodeDraftSave, etag: string) =>
    callApi('put', '/api/studio/nodes/{nodeId}', {
      ...node(nodeId, subjectId),
      header: { 'If-Match': etag },
      body: draft,
    }),
  /** `POST /api/studio/nodes?subject=`: a new empty topic appended to its module (409 when the id is taken). */
  createNode: (subjectId: string, topic: { title: string; moduleId: string; id?: string }) =>
    callApi('post', '/api/studio/nodes', { query: { subject: subjectId }, body: topic }),
  /** `POST …/retire`: the topic leaves the graph on publish; `droppedFrom` lists the topics that lost it. */
  retireNode: (nodeId: string, subjectId: string) =>
    callApi('post', '/api/studio/nodes/{nodeId}/retire', node(nodeId, subjectId)),
  /** `POST …/restore`: undoes a retirement in the draft. */
  restoreNode: (nodeId: string, subjectId: string) =>
    callApi('post', '/api/studio/nodes/{nodeId}/restore', node(nodeId, subjectId)),
};
