import type { Schema } from '@lp/api-types';

import { callApi } from '../providers/apiCall';

/** A node as the editor reads it: the overlay's content when there is one, else the published one. */
export type StudioNode = Schema<'NodeDraftResponse'>;
/** The editable part of a node: what a save sends. */
export type NodeContent = Pick<Schema<'SaveNodeDraftDto'>, 'summary_html' | 'variants' | 'sources'>;

const node = (nodeId: string, subjectId: string) => ({ path: { nodeId }, query: { subject: subjectId } });

export const nodeMethods = {
  /** `GET /api/studio/nodes/{nodeId}?subject=` (404 for a node the subject does not have). */
  node: (nodeId: string, subjectId: string) => callApi('get', '/api/studio/nodes/{nodeId}', node(nodeId, subjectId)),
  /** `PUT /api/studio/nodes/{nodeId}?subject=`: writes the draft overlay; answers the saved draft. */
  saveNode: (nodeId: string, subjectId: string, content: NodeContent) =>
    callApi('put', '/api/studio/nodes/{nodeId}', { ...node(nodeId, subjectId), body: content }),
};
