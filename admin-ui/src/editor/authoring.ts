import { HttpError } from 'react-admin';

/**
 * The authoring contract (docs/authoring-api.md) as the Studio reads it. These mirror the API's
 * response DTOs (NodeDraftResponse, OutlineResponse, …) until the generated types carry them.
 */
export interface QuizChoice {
  id: string;
  text: string;
}

export interface QuizItem {
  /** left out for an item the editor added: the server names it */
  id?: string;
  stem: string;
  choices: QuizChoice[];
  correct: string;
  explanation: string;
  /** 1 easy, 2 medium, 3 hard */
  difficulty: number;
}

export type VariantKey = 'beginner' | 'advanced' | 'practical' | 'theoretical';
export const VARIANT_KEYS: readonly VariantKey[] = ['beginner', 'advanced', 'practical', 'theoretical'];

export interface NodeSource {
  title: string;
  url: string;
  type: string;
}

export interface NodeVideo {
  url: string;
  title: string;
}

/** `GET /api/studio/nodes/{nodeId}?subject=`: a topic as the editor edits it. */
export interface DraftNode {
  id: string;
  subjectId: string;
  title: string;
  summary_html: string;
  lesson_html: string;
  variants: Record<VariantKey, string>;
  sources: NodeSource[];
  video: NodeVideo | null;
  moduleId: string;
  prerequisites: string[];
  position: number;
  retired: boolean;
  created: boolean;
  quiz: QuizItem[];
  hasOverlay: boolean;
  etag: string;
}

/** What a save sends (`PUT` with `If-Match`). */
export type NodeDraftSave = Pick<
  DraftNode,
  'title' | 'summary_html' | 'lesson_html' | 'variants' | 'sources' | 'moduleId' | 'prerequisites' | 'quiz'
> & { video?: NodeVideo | null };

export interface RetiredNode extends DraftNode {
  /** topics whose draft prerequisites no longer name it */
  droppedFrom: string[];
}

export interface OutlineTopic {
  id: string;
  title: string;
  draft: boolean;
  created: boolean;
}

export interface OutlineModule {
  id: string;
  title: string;
  topics: OutlineTopic[];
}

export interface OutlineRetired {
  id: string;
  title: string;
  moduleId: string;
  draft: boolean;
}

/** `GET /api/studio/outline?subject=`: modules and topics in reading order. */
export interface Outline {
  subjectId: string;
  modules: OutlineModule[];
  retired: OutlineRetired[];
  hasOverlay: boolean;
  etag: string;
}

/** The body of an error answer, when it is the API's `{ statusCode, error, message, … }`. */
const bodyOf = (error: unknown): Record<string, unknown> | null =>
  error instanceof HttpError && typeof error.body === 'object' && error.body !== null
    ? (error.body as Record<string, unknown>)
    : null;

/** A 412's `current` (the version someone else saved), or null for any other error. */
export const conflictOf = <T>(error: unknown): T | null => {
  const body = bodyOf(error);
  return error instanceof HttpError && error.status === 412 && body?.current ? (body.current as T) : null;
};

/** A refusal's field (`quiz[1].correct`) as a form path (`quiz.1.correct`), or null. */
export const fieldOf = (error: unknown): string | null => {
  const field = bodyOf(error)?.field;
  return typeof field === 'string' && field ? field.replace(/\[(\d+)\]/g, '.$1') : null;
};
