/** The subject the Versions screen and the node editor open with when the address names none. */
export const DEFAULT_SUBJECT = 'vagus-nerve';

/** The node editor's address for one node of a subject, under the Studio base. */
export const editorPath = (nodeId: string, subjectId: string) =>
  `/editor/${encodeURIComponent(nodeId)}?subject=${encodeURIComponent(subjectId)}`;

/**
 * The learner site's topic page rendered from the subject's draft (studio only): what learners will see
 * after the next publish. The learner site is another app on this origin (a full page load).
 */
export const learnerPreviewUrl = (nodeId: string, subjectId: string) =>
  `/node/${encodeURIComponent(nodeId)}?subject=${encodeURIComponent(subjectId)}&preview=overlay`;
