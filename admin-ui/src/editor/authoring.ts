import { HttpError } from 'react-admin';
import type { Schema } from '@lp/api-types';

/** The authoring contract (docs/authoring-api.md) as the Studio reads it, from the API's generated types. */
export type QuizChoice = Schema<'QuizChoiceDto'>;
/** A quiz item as the editor sends it: `id` left out for an item it added (the server names it). */
export type QuizItem = Schema<'QuizItemDraftDto'>;

export type VariantKey = keyof Schema<'VariantsDto'>;
export const VARIANT_KEYS: readonly VariantKey[] = ['beginner', 'advanced', 'practical', 'theoretical'];

export type NodeVideo = Schema<'NodeDraftVideoResponse'>;

/** `GET /api/studio/nodes/{nodeId}?subject=`: a topic as the editor edits it, with the etag to save against. */
export type DraftNode = Schema<'NodeDraftResponse'>;
/** What a save sends (`PUT` with `If-Match`). */
export type NodeDraftSave = Schema<'SaveNodeDraftDto'>;
/** A retired (or restored) topic, and the topics whose draft prerequisites no longer name it. */
export type RetiredNode = Schema<'RetireNodeResponse'>;

/** `GET /api/studio/outline?subject=`: modules and topics in reading order, and the retired topics. */
export type Outline = Schema<'OutlineResponse'>;
export type OutlineModule = Schema<'OutlineModuleResponse'>;
export type OutlineTopic = Schema<'OutlineTopicResponse'>;

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
