/** The subject the Versions screen and the node editor open with when the address names none. */
export const DEFAULT_SUBJECT = 'vagus-nerve';

/** The node editor's address for one node of a subject, under the Studio base. */
export const editorPath = (nodeId: string, subjectId: string) =>
  `/editor/${encodeURIComponent(nodeId)}?subject=${encodeURIComponent(subjectId)}`;
