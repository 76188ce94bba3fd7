import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { HttpError, useDataProvider } from 'react-admin';

import { apiErrorMessage } from '../providers/apiErrorMessage';
import type { StudioDataProvider } from '../providers/dataProvider';
import type { NodeContent, StudioNode } from './nodeMethods';

export type NodeLoad =
  | { state: 'loading' }
  | { state: 'not-found' }
  | { state: 'error'; message: string }
  | { state: 'loaded'; node: StudioNode };

export type VariantKey = keyof NodeContent['variants'];
export const VARIANT_KEYS: readonly VariantKey[] = ['beginner', 'advanced', 'practical', 'theoretical'];

type Source = NodeContent['sources'][number];

const source = (value: Partial<Record<keyof Source, unknown>>): Source => ({
  title: typeof value.title === 'string' ? value.title : '',
  url: typeof value.url === 'string' ? value.url : '',
  type: typeof value.type === 'string' ? value.type : '',
});

/**
 * The sources typed in the JSON text area, or null when the text is not a JSON array: the spec's "sources
 * take effect only if they parse as JSON". Each object keeps its title, url and type.
 */
const parseSources = (text: string): Source[] | null => {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(value)) return null;
  return value
    .filter((s): s is Record<string, unknown> => typeof s === 'object' && s !== null && !Array.isArray(s))
    .map(source);
};

const formatSources = (sources: Source[]) => JSON.stringify(sources, null, 2);

const sameContent = (a: NodeContent, b: NodeContent) =>
  a.summary_html === b.summary_html &&
  VARIANT_KEYS.every((key) => a.variants[key] === b.variants[key]) &&
  JSON.stringify(a.sources) === JSON.stringify(b.sources);

/** The editable part of a node, its sources in the text area's field order. */
const contentOf = (node: NodeContent): NodeContent => ({
  summary_html: node.summary_html,
  variants: { ...node.variants },
  sources: node.sources.map(source),
});

interface Edit {
  nodeKey: string;
  /** what the server last stored */
  saved: NodeContent;
  draft: NodeContent;
  sourcesText: string;
}

const editOf = (nodeKey: string, node: NodeContent): Edit => {
  const content = contentOf(node);
  return { nodeKey, saved: content, draft: content, sourcesText: formatSources(content.sources) };
};

/**
 * One node of the draft overlay: read for (nodeId, subjectId), edited locally, saved on demand.
 * `dirty` compares the draft with what the server last stored; `save` resolves to what happened.
 */
export const useNodeDraft = (nodeId: string, subjectId: string) => {
  const dataProvider = useDataProvider<StudioDataProvider>();
  const queryClient = useQueryClient();
  const queryKey = ['studio', 'node', subjectId, nodeId];
  const node = useQuery({ queryKey, queryFn: () => dataProvider.node(nodeId, subjectId), retry: false });

  // Edits are kept with the node they belong to: another node (or subject) in the URL reads as loading,
  // with no draft, until its own answer arrives. Until the first edit, the draft is the node as read.
  const nodeKey = `${subjectId}\n${nodeId}`;
  const [edit, setEdit] = useState<Edit | null>(null);
  const current = edit?.nodeKey === nodeKey ? edit : node.data ? editOf(nodeKey, node.data) : null;
  const draft = current?.draft ?? null;
  const sourcesText = current?.sourcesText ?? '[]';

  const saveCall = useMutation({
    mutationFn: ({ content }: { content: NodeContent; queryKey: unknown[] }) =>
      dataProvider.saveNode(nodeId, subjectId, content),
    // The saved draft is the node now: the editor is clean again.
    onSuccess: (saved, { queryKey: savedKey }) => {
      queryClient.setQueryData(savedKey, saved);
      setEdit(null);
    },
  });

  const load: NodeLoad = node.isPending
    ? { state: 'loading' }
    : node.isError
      ? node.error instanceof HttpError && node.error.status === 404
        ? { state: 'not-found' }
        : { state: 'error', message: apiErrorMessage(node.error, 'Failed to load the node') }
      : { state: 'loaded', node: node.data };

  const dirty = current !== null && !sameContent(current.saved, current.draft);
  const sourcesInvalid = parseSources(sourcesText) === null;

  /** Saves the draft: 'saved' or 'failed'; 'skipped' when there is nothing to save. */
  const save = async (): Promise<'saved' | 'failed' | 'skipped'> => {
    if (!draft || !dirty || saveCall.isPending) return 'skipped';
    try {
      await saveCall.mutateAsync({ content: draft, queryKey });
      return 'saved';
    } catch {
      return 'failed';
    }
  };

  const change = (next: (draft: NodeContent) => NodeContent, text?: string) => {
    if (!current) return;
    setEdit({ ...current, draft: next(current.draft), sourcesText: text ?? current.sourcesText });
  };

  const setSummary = (summary_html: string) => change((d) => ({ ...d, summary_html }));

  const setVariant = (key: VariantKey, value: string) =>
    change((d) => ({ ...d, variants: { ...d.variants, [key]: value } }));

  const changeSources = (text: string) => {
    const sources = parseSources(text);
    // Invalid JSON is ignored: the last valid sources stay, and no change is recorded.
    change((d) => (sources ? { ...d, sources } : d), text);
  };

  return {
    load,
    draft,
    sourcesText,
    sourcesInvalid,
    dirty,
    saving: saveCall.isPending,
    save,
    setSummary,
    setVariant,
    changeSources,
  };
};
