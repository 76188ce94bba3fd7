import { useEffect, useRef, useState } from 'react';
import { HttpError, useLogoutIfAccessDenied } from 'react-admin';

import { apiErrorMessage } from '../providers/apiErrorMessage';
import {
  fetchStudioNode,
  formatSources,
  parseSources,
  sameContent,
  saveStudioNode,
  type NodeContent,
  type StudioNode,
  type VariantKey,
} from './nodeApi';

export type NodeLoad =
  | { state: 'loading' }
  | { state: 'not-found' }
  | { state: 'error'; message: string }
  | { state: 'loaded'; node: StudioNode };

const contentOf = (node: NodeContent): NodeContent => ({
  summary_html: node.summary_html,
  variants: { ...node.variants },
  sources: node.sources,
});

/**
 * One node of the draft overlay: loaded for (nodeId, subjectId), edited locally, saved on demand.
 * `dirty` compares the draft with what the server last stored; `save` resolves to whether it did.
 */
export const useNodeDraft = (nodeId: string, subjectId: string) => {
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  // The hook's callback may change identity between renders; the node loads once per id.
  const logoutRef = useRef(logoutIfAccessDenied);
  useEffect(() => {
    logoutRef.current = logoutIfAccessDenied;
  }, [logoutIfAccessDenied]);

  // Everything below is kept with the node it belongs to: another node (or subject) in the URL
  // reads as loading, with no draft, until its own answer arrives.
  const nodeKey = `${subjectId}\n${nodeId}`;
  const [answer, setAnswer] = useState<{ nodeKey: string; load: NodeLoad } | null>(null);
  const [edit, setEdit] = useState<{
    nodeKey: string;
    saved: NodeContent;
    draft: NodeContent;
    sourcesText: string;
  } | null>(null);
  const [saving, setSaving] = useState(false);
  const inFlight = useRef(false);

  const load: NodeLoad = answer?.nodeKey === nodeKey ? answer.load : { state: 'loading' };
  const current = edit?.nodeKey === nodeKey ? edit : null;
  const saved = current?.saved ?? null;
  const draft = current?.draft ?? null;
  const sourcesText = current?.sourcesText ?? '[]';

  const reset = (key: string, node: NodeContent) =>
    setEdit({ nodeKey: key, saved: contentOf(node), draft: contentOf(node), sourcesText: formatSources(node.sources) });

  useEffect(() => {
    let active = true;
    fetchStudioNode(nodeId, subjectId).then(
      (node) => {
        if (!active) return;
        setAnswer({ nodeKey, load: { state: 'loaded', node } });
        reset(nodeKey, node);
      },
      async (error) => {
        if (!active || (await logoutRef.current(error))) return;
        if (!active) return;
        if (error instanceof HttpError && error.status === 404) setAnswer({ nodeKey, load: { state: 'not-found' } });
        else
          setAnswer({ nodeKey, load: { state: 'error', message: apiErrorMessage(error, 'Failed to load the node') } });
      },
    );
    return () => {
      active = false;
    };
  }, [nodeId, subjectId, nodeKey]);

  const dirty = saved !== null && draft !== null && !sameContent(saved, draft);
  const sourcesInvalid = parseSources(sourcesText) === null;

  /** Saves the draft; 'saved', 'failed', or 'signed-out' when the session was lost. Nothing happens when clean. */
  const save = async (): Promise<'saved' | 'failed' | 'signed-out' | 'skipped'> => {
    if (!draft || !dirty || inFlight.current) return 'skipped';
    inFlight.current = true;
    setSaving(true);
    try {
      reset(nodeKey, await saveStudioNode(nodeId, subjectId, draft));
      return 'saved';
    } catch (error) {
      return (await logoutRef.current(error)) ? 'signed-out' : 'failed';
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  };

  const change = (next: (draft: NodeContent) => NodeContent, text?: string) =>
    setEdit((e) => (e ? { ...e, draft: next(e.draft), sourcesText: text ?? e.sourcesText } : e));

  const setSummary = (summary_html: string) => change((d) => ({ ...d, summary_html }));

  const setVariant = (key: VariantKey, value: string) =>
    change((d) => ({ ...d, variants: { ...d.variants, [key]: value } }));

  const changeSources = (text: string) => {
    const sources = parseSources(text);
    // Invalid JSON is ignored: the last valid sources stay, and no change is recorded.
    change((d) => (sources ? { ...d, sources } : d), text);
  };

  return { load, draft, sourcesText, sourcesInvalid, dirty, saving, save, setSummary, setVariant, changeSources };
};
