import { api } from './client';
import type { OkResponse, QueryParams, RequestBody } from '@lp/api-types';

/**
 * Learning graph, topic, notes, bookmarks, tutor and "me" calls (docs/graph-api.md).
 * Every call needs a signed-in user; graph, node and tutor also an entitlement (403 otherwise).
 * What they send is checked against the OpenAPI document (@lp/api-types); so are the answers of the
 * graph, its mastery and the tutor. The other answer types here are still written by hand.
 */

// ---------------------------------------------------------------------------------------------
// Graph and topics

export interface GraphModule {
  id: string;
  title: string;
}

export interface GraphNode {
  id: string;
  title: string;
  category?: string | null;
  moduleId?: string | null;
  /** Sanitised html (from the server's plain-text excerpt of the summary). */
  summary?: string | null;
  prerequisites?: string[];
  /** The caller's mastery of the topic, 0..1. */
  mastery_level?: number | null;
}

export interface Graph {
  subject: { id: string; name?: string; title?: string };
  version?: number;
  modules: GraphModule[];
  nodes: GraphNode[];
}

export interface NodeSource {
  title?: string;
  url?: string;
  type?: string;
}

export interface NodeVariants {
  beginner?: string;
  advanced?: string;
  practical?: string;
  theoretical?: string;
  [name: string]: string | undefined;
}

export interface TopicNode {
  id: string;
  subject_id: string;
  title: string;
  category?: string | null;
  moduleId?: string | null;
  summary_html?: string | null;
  lesson_html?: string | null;
  variants?: NodeVariants | null;
  /** Items with a title or url, or plain strings. */
  sources?: (NodeSource | string)[] | null;
  /** `url` is playable (signed by the server for library videos); `captions` the signed WebVTT sidecar, or null. */
  video?: { url?: string; title?: string; captions?: string | null } | null;
  prerequisites?: { id: string; title: string }[];
  micro_quiz?: unknown;
  mastery_level?: number | null;
  bookmarked?: boolean;
}

/**
 * What GET /api/graph sends: the published graph, the same for every learner (the browser
 * revalidates it with its ETag and gets 304 while it is current). One object per topic in reading
 * order; `summary` is a plain-text excerpt; `prerequisites` are topic ids.
 */
type GraphWire = OkResponse<'/api/graph', 'get'>;

/** GET /api/graph/mastery: the caller's P(known) per topic with evidence; the others are 0. */
export type GraphMastery = OkResponse<'/api/graph/mastery', 'get'>;

/** Plain text as html that reads back as the same text (GraphNode.summary is html). */
function textAsHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The wire's topics as the page's GraphNodes (mastery 0 until `withMastery`). */
export function toGraph(data: GraphWire): Graph {
  return {
    subject: data.subject,
    version: data.version,
    modules: data.modules,
    nodes: data.nodes.map((n) => ({ ...n, summary: textAsHtml(n.summary), mastery_level: 0 })),
  };
}

/** The graph with the caller's mastery merged into its nodes. */
export function withMastery(graph: Graph, mastery: GraphMastery | null | undefined): Graph {
  const levels = mastery?.levels ?? {};
  return {
    ...graph,
    nodes: graph.nodes.map((n) => ({ ...n, mastery_level: typeof levels[n.id] === 'number' ? levels[n.id] : 0 })),
  };
}

export const graphApi = {
  /**
   * GET /api/graph?subject=: the published graph, shared by every learner (mastery 0; see `mastery`).
   * 403 without an entitlement, 404 unknown subject.
   */
  get: async (subject: string): Promise<Graph> =>
    toGraph(
      await api.get<GraphWire>('/api/graph', {
        query: { subject } satisfies QueryParams<'/api/graph', 'get'>,
      }),
    ),
  /** GET /api/graph/mastery?subject=: the caller's own mastery per topic. */
  mastery: (subject: string) =>
    api.get<GraphMastery>('/api/graph/mastery', {
      query: { subject } satisfies QueryParams<'/api/graph/mastery', 'get'>,
    }),
  /** GET /api/graph/nodes/{id}?subject=. */
  node: (nodeId: string, subject: string) =>
    api.get<TopicNode>(`/api/graph/nodes/${encodeURIComponent(nodeId)}`, {
      query: { subject } satisfies QueryParams<'/api/graph/nodes/{id}', 'get'>,
    }),
};

// ---------------------------------------------------------------------------------------------
// Notes

export interface Note {
  id: string;
  subjectId: string;
  nodeId?: string | null;
  nodeName?: string | null;
  title: string;
  content: string;
  createdAt: string;
  updatedAt?: string;
}

export interface CreateNoteInput {
  subjectId: string;
  nodeId?: string | null;
  /** First line the title, the rest the content. */
  text: string;
}

/** What the New Note dialog stores: title and content joined by a blank line. */
export function noteText(title: string, content: string): string {
  return `${title}\n\n${content}`;
}

export const notesApi = {
  /** GET /api/notes?subjectId= (newest first; without subjectId: all subjects). */
  list: async (subjectId?: string | null): Promise<Note[]> => {
    const data = await api.get<unknown>('/api/notes', {
      query: { subjectId: subjectId || undefined } satisfies QueryParams<'/api/notes', 'get'>,
    });
    return Array.isArray(data) ? (data as Note[]) : [];
  },
  /** POST /api/notes → 201 the note; empty text → 400. */
  create: (input: CreateNoteInput) => {
    const body: RequestBody<'/api/notes', 'post'> = { subjectId: input.subjectId, text: input.text };
    if (input.nodeId) body.nodeId = input.nodeId;
    return api.post<Note>('/api/notes', body);
  },
  /** PUT /api/notes/{id} { text }. */
  update: (id: string, text: string) =>
    api.put<Note>(`/api/notes/${encodeURIComponent(id)}`, { text } satisfies RequestBody<'/api/notes/{id}', 'put'>),
  /** DELETE /api/notes/{id} → 204. */
  remove: (id: string) => api.delete<void>(`/api/notes/${encodeURIComponent(id)}`),
};

// ---------------------------------------------------------------------------------------------
// Bookmarks

export interface Bookmark {
  id: string;
  subjectId: string;
  nodeId: string;
  nodeTitle?: string | null;
  nodeCategory?: string | null;
  createdAt: string;
}

export const bookmarksApi = {
  /** GET /api/bookmarks?subjectId= (newest first; without subjectId: all subjects). */
  list: async (subjectId?: string | null): Promise<Bookmark[]> => {
    const data = await api.get<unknown>('/api/bookmarks', {
      query: { subjectId: subjectId || undefined } satisfies QueryParams<'/api/bookmarks', 'get'>,
    });
    return Array.isArray(data) ? (data as Bookmark[]) : [];
  },
  /** POST /api/bookmarks → 201 (200 when it already exists). */
  add: (subjectId: string, nodeId: string) =>
    api.post<Bookmark>('/api/bookmarks', { subjectId, nodeId } satisfies RequestBody<'/api/bookmarks', 'post'>),
  /** DELETE /api/bookmarks?subjectId=&nodeId= → 204. */
  remove: (subjectId: string, nodeId: string) =>
    api.delete<void>('/api/bookmarks', {
      query: { subjectId, nodeId } satisfies QueryParams<'/api/bookmarks', 'delete'>,
    }),
};

// ---------------------------------------------------------------------------------------------
// Tutor

export type TutorAction = RequestBody<'/api/tutor/variant', 'post'>['action'];
/** The tutor's buttons, in the order the topic page shows them. */
export const TUTOR_ACTIONS = [
  'explain_more',
  'simplify',
  'example',
  'steps',
  'why',
  'visualize',
] as const satisfies readonly TutorAction[];

/** `html` is sanitised. */
export type TutorVariant = OkResponse<'/api/tutor/variant', 'post'>;

export const tutorApi = {
  /** POST /api/tutor/variant; 429 over the per-user limit, 5xx `{ message }` on failure. */
  variant: (nodeId: string, action: TutorAction, subject: string) =>
    api.post<TutorVariant>('/api/tutor/variant', {
      nodeId,
      action,
      subject,
    } satisfies RequestBody<'/api/tutor/variant', 'post'>),
};

// ---------------------------------------------------------------------------------------------
// Me

export const meApi = {
  /** GET /api/me/tags → `{ tags }`. */
  tags: async (): Promise<string[]> => {
    const data = await api.get<{ tags?: unknown }>('/api/me/tags');
    return Array.isArray(data?.tags) ? data.tags.filter((t): t is string => typeof t === 'string') : [];
  },
  /** GET /api/me/unlocks?subjectId= → `{ subjectId, modules }`. */
  unlocks: async (subjectId: string): Promise<string[]> => {
    const data = await api.get<{ modules?: unknown }>('/api/me/unlocks', {
      query: { subjectId } satisfies QueryParams<'/api/me/unlocks', 'get'>,
    });
    return Array.isArray(data?.modules) ? data.modules.filter((m): m is string => typeof m === 'string') : [];
  },
};

// ---------------------------------------------------------------------------------------------
// Challenges (only the list, for the graph page's links)

export interface ChallengeSummary {
  id: string;
  name?: string;
  tagline?: string;
}

export const challengesApi = {
  /** GET /api/challenges → `{ challenges }` (or a bare array). */
  list: async (): Promise<ChallengeSummary[]> => {
    const data = await api.get<unknown>('/api/challenges');
    const list = Array.isArray(data)
      ? data
      : data && typeof data === 'object' && Array.isArray((data as { challenges?: unknown }).challenges)
        ? (data as { challenges: unknown[] }).challenges
        : [];
    return list.filter(
      (c): c is ChallengeSummary => !!c && typeof c === 'object' && typeof (c as { id?: unknown }).id === 'string',
    );
  },
};
