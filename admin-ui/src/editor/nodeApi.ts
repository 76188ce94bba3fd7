import { httpClient } from '../providers/dataProvider';

export const STUDIO_NODES_URL = '/api/studio/nodes';

export const VARIANT_KEYS = ['beginner', 'advanced', 'practical', 'theoretical'] as const;
export type VariantKey = (typeof VARIANT_KEYS)[number];
export type Variants = Record<VariantKey, string>;

export interface Source {
  title: string;
  url: string;
  type: string;
}

/** The editable part of a node: what `PUT /api/studio/nodes/{nodeId}` takes. */
export interface NodeContent {
  summary_html: string;
  variants: Variants;
  sources: Source[];
}

export interface StudioNode extends NodeContent {
  id: string;
  subjectId: string;
  title: string;
  hasOverlay: boolean;
}

const nodeUrl = (nodeId: string, subjectId: string) =>
  `${STUDIO_NODES_URL}/${encodeURIComponent(nodeId)}?subject=${encodeURIComponent(subjectId)}`;

const str = (value: unknown) => (typeof value === 'string' ? value : '');

export const toVariants = (value: unknown): Variants => {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  return {
    beginner: str(v.beginner),
    advanced: str(v.advanced),
    practical: str(v.practical),
    theoretical: str(v.theoretical),
  };
};

export const toSources = (value: unknown): Source[] =>
  Array.isArray(value)
    ? value
        .filter((s): s is Record<string, unknown> => typeof s === 'object' && s !== null && !Array.isArray(s))
        .map((s) => ({ title: str(s.title), url: str(s.url), type: str(s.type) }))
    : [];

const toNode = (value: unknown, nodeId: string, subjectId: string): StudioNode => {
  const n = value as Record<string, unknown> | undefined;
  if (!n || typeof n !== 'object') throw new Error('Unexpected answer from the node endpoint');
  return {
    id: str(n.id) || nodeId,
    subjectId: str(n.subjectId) || subjectId,
    title: str(n.title) || nodeId,
    summary_html: str(n.summary_html),
    variants: toVariants(n.variants),
    sources: toSources(n.sources),
    hasOverlay: n.hasOverlay === true,
  };
};

/** `GET /api/studio/nodes/{nodeId}?subject=`: the overlay's content when there is one, else the published one. */
export const fetchStudioNode = async (nodeId: string, subjectId: string): Promise<StudioNode> => {
  const { json } = await httpClient(nodeUrl(nodeId, subjectId));
  return toNode(json, nodeId, subjectId);
};

/** `PUT /api/studio/nodes/{nodeId}?subject=`: writes the draft overlay; resolves with the saved draft. */
export const saveStudioNode = async (nodeId: string, subjectId: string, content: NodeContent): Promise<StudioNode> => {
  const body: NodeContent = {
    summary_html: content.summary_html,
    variants: { ...content.variants },
    sources: content.sources,
  };
  const { json } = await httpClient(nodeUrl(nodeId, subjectId), { method: 'PUT', body: JSON.stringify(body) });
  const saved = json as Record<string, unknown> | undefined;
  // An answer without the content (an empty body, say) means the server stored what was sent.
  if (!saved || typeof saved !== 'object' || typeof saved.summary_html !== 'string') {
    return { id: nodeId, subjectId, title: nodeId, hasOverlay: true, ...body };
  }
  return toNode(saved, nodeId, subjectId);
};

/** The sources typed in the JSON text area, or null when the text is not a JSON array. */
export const parseSources = (text: string): Source[] | null => {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  return Array.isArray(value) ? toSources(value) : null;
};

export const formatSources = (sources: Source[]) => JSON.stringify(sources, null, 2);

export const sameContent = (a: NodeContent, b: NodeContent) =>
  a.summary_html === b.summary_html &&
  VARIANT_KEYS.every((key) => a.variants[key] === b.variants[key]) &&
  JSON.stringify(a.sources) === JSON.stringify(b.sources);
