import { contractCall } from '../providers/apiCall';
import type { DraftNode, NodeDraftSave, RetiredNode } from './authoring';

const nodePath = (nodeId: string) => `/api/studio/nodes/${encodeURIComponent(nodeId)}`;
const subject = (subjectId: string) => ({ subject: subjectId });

export const nodeMethods = {
  /** `GET /api/studio/nodes/{nodeId}?subject=` (404 for a topic the subject does not have); `etag` to save against. */
  node: (nodeId: string, subjectId: string) =>
    contractCall<DraftNode>('get', nodePath(nodeId), { query: subject(subjectId) }),
  /**
   * `PUT /api/studio/nodes/{nodeId}?subject=` with `If-Match: etag`: writes the draft; answers it with its new
   * etag. 412 (someone saved since: `current`), 428 (no If-Match), 400 with the refused `field`.
   */
  saveNode: (nodeId: string, subjectId: string, draft: NodeDraftSave, etag: string) =>
    contractCall<DraftNode>('put', nodePath(nodeId), {
      query: subject(subjectId),
      header: { 'If-Match': etag },
      body: draft,
    }),
  /** `POST /api/studio/nodes?subject=`: a new empty topic appended to its module (409 when the id is taken). */
  createNode: (subjectId: string, topic: { title: string; moduleId: string; id?: string }) =>
    contractCall<DraftNode>('post', '/api/studio/nodes', { query: subject(subjectId), body: topic }),
  /** `POST …/retire`: the topic leaves the graph on publish; `droppedFrom` lists the topics that lost it. */
  retireNode: (nodeId: string, subjectId: string) =>
    contractCall<RetiredNode>('post', `${nodePath(nodeId)}/retire`, { query: subject(subjectId) }),
  /** `POST …/restore`: undoes a retirement in the draft. */
  restoreNode: (nodeId: string, subjectId: string) =>
    contractCall<RetiredNode>('post', `${nodePath(nodeId)}/restore`, { query: subject(subjectId) }),
};
