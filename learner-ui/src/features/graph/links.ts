const q = encodeURIComponent;

export type QuizKind = 'diag' | 'final' | 'diag-clinician';

export function quizPath(subjectId: string, kind: QuizKind): string {
  return `/quiz?subject=${q(subjectId)}&kind=${kind}`;
}

export function practicePath(subjectId: string): string {
  return `/practice?subject=${q(subjectId)}`;
}

export function lecturesPath(subjectId: string): string {
  return `/lectures?subject=${q(subjectId)}`;
}

export function nodePath(nodeId: string, subjectId: string): string {
  return `/node/${q(nodeId)}?subject=${q(subjectId)}`;
}

/**
 * The topic page rendered from the subject's unpublished draft (studio staff only): the Studio's
 * "Preview as learner" opens it, and links between draft topics keep it.
 */
export function nodePreviewPath(nodeId: string, subjectId: string): string {
  return `${nodePath(nodeId, subjectId)}&preview=overlay`;
}

export function challengePath(cid: string): string {
  return `/challenge/${q(cid)}`;
}
