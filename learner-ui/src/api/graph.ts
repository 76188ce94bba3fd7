import { api } from './client';
import type { OkResponse, QueryParams, RequestBody, Schema } from '@lp/api-types';

/**
 * Learning graph, topic, notes, bookmarks, tutor and "me" calls (docs/graph-api.md).
 * Every call needs a signed-in user; graph, node and tutor also an entitlement (403 otherwise).
 * Every call is typed from the OpenAPI document (@lp/api-types): what the server declares is the contract.
 */

// ---------------------------------------------------------------------------------------------
// Graph and topics

/**
 * What GET /api/graph sends: the published graph, the same for every learner (the browser
 * revalidates it with its ETag and gets 304 while it is current). One object per topic in reading
 * order; `summary` is a plain-text excerpt; `prerequisites` are topic ids.
 */
type GraphWire = OkResponse<'/api/graph', 'get'>;

/** A topic as the graph page shows it: its summary as html, with the caller's mastery (0..1). */
export type GraphNode = Schema<'GraphNodeResponse'> & { mastery_level: number };

/** The graph as the page shows it: the wire's, its nodes as `GraphNode`s. */
export type Graph = Omit<GraphWire, 'nodes'> & { nodes: GraphNode[] };

/** GET /api/graph/mastery: the caller's P(known) per topic with evidence; the others are 0. */
export type GraphMastery = OkResponse<'/api/graph/mastery', 'get'>;

/** The topic page (GET /api/graph/nodes/{id}): the spec's topic node fields, html sanitised. */
export type TopicNode = OkResponse<'/api/graph/nodes/{id}', 'get'>;
/** A topic's lecture: its newest video, else its audio (signed URLs, captions), and the script as transcript. */
export type TopicLecture = OkResponse<'/api/graph/nodes/{id}/lecture', 'get'>;

/** Plain text as html that reads back as the same text (GraphNode.summary is html). */
function textAsHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The wire's topics as the page's GraphNodes (mastery 0 until `withMastery`). */
export function toGraph(data: GraphWire): Graph {
  return { ...data, nodes: data.nodes.map((n) => ({ ...n, summary: textAsHtml(n.summary), mastery_level: 0 })) };
}

/**
 * A topic page's topic as its card on the learning graph shows it: the card's plain-text `excerpt` (the
 * draft's when previewing) where the graph list sends `summary`, and the page's mastery.
 */
export function topicCardOf(node: TopicNode): GraphNode {
  return {
    id: node.id,
    title: node.title,
    category: node.category,
    moduleId: node.moduleId,
    summary: textAsHtml(node.excerpt),
    prerequisites: node.prerequisites.map((p) => p.id),
    mastery_level: node.mastery_level,
  };
}

/** The graph with the caller's mastery merged into its nodes (topics it does not list are 0). */
export function withMastery(graph: Graph, { levels }: GraphMastery): Graph {
  return { ...graph, nodes: graph.nodes.map((n) => ({ ...n, mastery_level: levels[n.id] ?? 0 })) };
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
  /** GET /api/graph/nodes/{id}/lecture?subject=: 404 when the topic has no lecture. */
  lecture: (nodeId: string, subject: string) =>
    api.get<TopicLecture>(`/api/graph/nodes/${encodeURIComponent(nodeId)}/lecture`, {
      query: { subject } satisfies QueryParams<'/api/graph/nodes/{id}/lecture', 'get'>,
    }),
  /**
   * GET /api/graph/nodes/{id}?subject=&preview=overlay: the topic page as learners will get it after the
   * next publish (the draft's content, quiz items without answers, the card's excerpt). Studio only: 403
   * for anyone else. A separate URL, so the browser's cache never answers the published page with it.
   */
  previewNode: (nodeId: string, subject: string) =>
    api.get<TopicNode>(`/api/graph/nodes/${encodeURIComponent(nodeId)}`, {
      query: { subject, preview: 'overlay' } satisfies QueryParams<'/api/graph/nodes/{id}', 'get'>,
    }),
};

// ---------------------------------------------------------------------------------------------
// Notes

/** A note: `title` is the first line of its text, `content` the rest. */
export type Note = Schema<'NoteResponse'>;

/** A new note: `text` holds the title on its first line, the content after; no topic when `nodeId` is empty. */
export type CreateNoteInput = Omit<RequestBody<'/api/notes', 'post'>, 'nodeId'> & { nodeId?: string | null };

/** What the New Note dialog stores: title and content joined by a blank line. */
export function noteText(title: string, content: string): string {
  return `${title}\n\n${content}`;
}

export const notesApi = {
  /** GET /api/notes?subjectId= (newest first; without subjectId: all subjects). */
  list: (subjectId?: string | null) =>
    api.get<OkResponse<'/api/notes', 'get'>>('/api/notes', {
      query: { subjectId: subjectId || undefined } satisfies QueryParams<'/api/notes', 'get'>,
    }),
  /** POST /api/notes → 201 the note; empty text → 400. */
  create: (input: CreateNoteInput) => {
    const body: RequestBody<'/api/notes', 'post'> = { subjectId: input.subjectId, text: input.text };
    if (input.nodeId) body.nodeId = input.nodeId;
    return api.post<OkResponse<'/api/notes', 'post'>>('/api/notes', body);
  },
  /** PUT /api/notes/{id} { text }. */
  update: (id: string, text: string) =>
    api.put<OkResponse<'/api/notes/{id}', 'put'>>(`/api/notes/${encodeURIComponent(id)}`, {
      text,
    } satisfies RequestBody<'/api/notes/{id}', 'put'>),
  /** DELETE /api/notes/{id} → 204. */
  remove: (id: string) => api.delete<void>(`/api/notes/${encodeURIComponent(id)}`),
};

// ---------------------------------------------------------------------------------------------
// Bookmarks

export type Bookmark = Schema<'BookmarkResponse'>;

export const bookmarksApi = {
  /** GET /api/bookmarks?subjectId= (newest first; without subjectId: all subjects). */
  list: (subjectId?: string | null) =>
    api.get<OkResponse<'/api/bookmarks', 'get'>>('/api/bookmarks', {
      query: { subjectId: subjectId || undefined } satisfies QueryParams<'/api/bookmarks', 'get'>,
    }),
  /** POST /api/bookmarks → 201 (200 when it already exists). */
  add: (subjectId: string, nodeId: string) =>
    api.post<OkResponse<'/api/bookmarks', 'post'>>('/api/bookmarks', {
      subjectId,
      nodeId,
    } satisfies RequestBody<'/api/bookmarks', 'post'>),
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

/**
 * A tag the learner sees, readable: an achievement gating gave ("Anatomy & Foundations mastered") or a
 * tag staff chose to show. Staff-only tags never reach the learner.
 */
export type MyAchievement = Schema<'AchievementResponse'>;

export const meApi = {
  /** GET /api/me/tags → `{ tags, achievements }`: the learner-visible tags with their labels. */
  tags: async (): Promise<MyAchievement[]> => {
    const res = await api.get<OkResponse<'/api/me/tags', 'get'>>('/api/me/tags');
    return res.achievements;
  },
};
