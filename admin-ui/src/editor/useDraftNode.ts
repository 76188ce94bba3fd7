import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { HttpError, useDataProvider } from 'react-admin';

import { outlineKey } from '../outline/useOutline';
import { apiErrorMessage, serverMessage } from '../providers/apiErrorMessage';
import type { StudioDataProvider } from '../providers/dataProvider';
import { conflictOf, type DraftNode, fieldOf, type NodeDraftSave, VARIANT_KEYS } from './authoring';

export type NodeLoad =
  | { state: 'loading' }
  | { state: 'not-found' }
  | { state: 'error'; message: string }
  | { state: 'loaded'; node: DraftNode };

/** A save that met someone else's: what this editor sent, and the draft as it is now. */
export interface Conflict {
  mine: NodeDraftSave;
  current: DraftNode;
}

export type SaveOutcome =
  | { outcome: 'saved' }
  | { outcome: 'conflict' }
  /** refused: the server's message, at `field` (a form path such as `quiz.1.correct`) when it names one */
  | { outcome: 'refused'; message: string; field: string | null };

/** The form's values as the API takes them: trimmed choices, a quiz item's id only when it has one. */
export const toSave = (values: DraftNode): NodeDraftSave => ({
  title: values.title.trim(),
  summary_html: values.summary_html ?? '',
  lesson_html: values.lesson_html ?? '',
  variants: Object.fromEntries(
    VARIANT_KEYS.map((key) => [key, values.variants?.[key] ?? '']),
  ) as NodeDraftSave['variants'],
  sources: (values.sources ?? []).map(({ title, url, type }) => ({
    title: (title ?? '').trim(),
    url: (url ?? '').trim(),
    type: (type ?? '').trim(),
  })),
  moduleId: values.moduleId,
  prerequisites: values.prerequisites ?? [],
  quiz: (values.quiz ?? []).map(({ id, stem, choices, correct, explanation, difficulty, use }) => ({
    ...(id ? { id } : {}),
    stem: stem ?? '',
    choices: (choices ?? []).map((c) => ({ id: c.id, text: c.text ?? '' })),
    correct: correct ?? '',
    explanation: explanation ?? '',
    difficulty: Number(difficulty) || 1,
    use: use === 'check' ? 'check' : 'assessment',
  })),
  video: values.video?.url ? { url: values.video.url, title: values.video.title ?? '' } : null,
});

/**
 * One topic's draft: read for (nodeId, subjectId) with its ETag, saved against it. A save that finds a
 * newer draft (412) keeps both versions as `conflict` until the author reloads theirs or overwrites
 * knowingly; a refusal comes back with the server's message and the field it names.
 */
export const useDraftNode = (nodeId: string, subjectId: string) => {
  const dataProvider = useDataProvider<StudioDataProvider>();
  const queryClient = useQueryClient();
  const queryKey = ['studio', 'node', subjectId, nodeId];
  // Never refetched behind the author's back: a new record would reset the form and drop their edits.
  const node = useQuery({
    queryKey,
    queryFn: () => dataProvider.node(nodeId, subjectId),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    // reopening the editor reads the topic afresh
    gcTime: 0,
  });
  const [conflict, setConflict] = useState<Conflict | null>(null);

  const load: NodeLoad = node.isPending
    ? { state: 'loading' }
    : node.isError
      ? node.error instanceof HttpError && node.error.status === 404
        ? { state: 'not-found' }
        : { state: 'error', message: apiErrorMessage(node.error, 'Failed to load the node') }
      : { state: 'loaded', node: node.data };

  /** The saved (or reloaded) draft is the record now: the form resets to it, clean. */
  const settle = (saved: DraftNode) => {
    queryClient.setQueryData(queryKey, saved);
    // titles, modules and draft marks in the outline follow the topic
    void queryClient.invalidateQueries({ queryKey: outlineKey(subjectId) });
  };

  const send = async (draft: NodeDraftSave, etag: string): Promise<SaveOutcome> => {
    try {
      settle(await dataProvider.saveNode(nodeId, subjectId, draft, etag));
      setConflict(null);
      return { outcome: 'saved' };
    } catch (error) {
      const current = conflictOf<DraftNode>(error);
      if (current) {
        setConflict({ mine: draft, current });
        return { outcome: 'conflict' };
      }
      return {
        outcome: 'refused',
        message: serverMessage(error) ?? apiErrorMessage(error, 'The server refused the change.'),
        field: fieldOf(error),
      };
    }
  };

  return {
    load,
    conflict,
    /** saves against the ETag the editor loaded */
    save: (draft: NodeDraftSave) => send(draft, node.data?.etag ?? ''),
    /** the author's version replaces the one saved since: sent against the current ETag */
    overwrite: () => (conflict ? send(conflict.mine, conflict.current.etag) : Promise.resolve(null)),
    /** drops the author's edits for the version saved since */
    reloadTheirs: () => {
      if (conflict) settle(conflict.current);
      setConflict(null);
    },
    dismissConflict: () => setConflict(null),
  };
};
