const q = encodeURIComponent;

export type QuizKind = 'diag' | 'final' | 'diag-clinician';

export function quizPath(subjectId: string, kind: QuizKind): string {
  return `/quiz?subject=${q(subjectId)}&kind=${kind}`;
}

export function nodePath(nodeId: string, subjectId: string): string {
  return `/node/${q(nodeId)}?subject=${q(subjectId)}`;
}

export function challengePath(cid: string): string {
  return `/challenge/${q(cid)}`;
}
