import type { OkResponse } from '@lp/api-types';
import type { CheckItem, Graph, GraphMastery, GraphNode, LearningPath, TopicNode, TutorVariant } from '../api';

/**
 * GET /api/graph and GET /api/graph/nodes/{id} answers (docs/graph-api.md), typed from the OpenAPI
 * document. A graph is written as the page sees it (`Graph`: html summaries, mastery merged);
 * `graphWire` and `masteryWire` turn it into what the server sends.
 */

export function graphNode(id: string, title: string, category: string, mastery_level = 0, summary = ''): GraphNode {
  return {
    id,
    title,
    category,
    moduleId: 'm1',
    summary: summary || `<p>About ${title}.</p>`,
    prerequisites: [],
    mastery_level,
  };
}

export const VAGUS_GRAPH = {
  subject: { id: 'vagus-nerve', name: 'Vagus Nerve', title: 'The Vagus Nerve' },
  version: 3,
  modules: [
    { id: 'foundations', title: 'Anatomy & Foundations' },
    { id: 'practice', title: 'Techniques' },
  ],
  nodes: [
    graphNode(
      'vn-anatomy',
      'Vagus Anatomy',
      'Anatomy & Foundations',
      0,
      '<p>The <strong>longest</strong> cranial nerve.</p>',
    ),
    graphNode('vn-heart', 'Heart Rate Variability', 'Physiology', 0.29),
    graphNode('vn-breath', 'Slow Breathing', 'Techniques', 0.3),
    graphNode('vn-cold', 'Cold Exposure', 'Techniques', 0.69),
    graphNode('vn-hum', 'Humming', 'Techniques', 0.7),
    graphNode('vn-tvns', 'tVNS Devices', 'Physiology', 0.71),
  ],
} satisfies Graph;

/** The topic page; `check` and `complete` (issue 26) default to a topic without check items, not complete. */
export function topic(overrides: Partial<TopicNode> = {}): TopicNode {
  const loop: Pick<TopicNode, 'check' | 'complete'> = {
    check: { total: 0, answered: 0, correct: 0, passed: false },
    complete: false,
  };
  return {
    ...loop,
    id: 'vn-anatomy',
    subject_id: 'vagus-nerve',
    title: 'Vagus Anatomy',
    category: 'Anatomy & Foundations',
    moduleId: 'foundations',
    summary_html: '<p>Summary of the anatomy.</p>',
    excerpt: 'Summary of the anatomy.',
    lesson_html: '<p>The full anatomy lesson.</p>',
    variants: {
      beginner: '<p>Beginner take.</p>',
      advanced: '<p>Advanced take.</p>',
      practical: '<p>Practical take.</p>',
      theoretical: '<p>Theoretical take.</p>',
    },
    sources: [
      { title: 'Vagus nerve (encyclopedia)', url: 'https://example.org/vagus', type: 'encyclopedia' },
      // A source stored as a plain URL: the server answers it with the URL as its title.
      { title: 'https://example.org/plain', url: 'https://example.org/plain', type: '' },
    ],
    video: null,
    prerequisites: [],
    micro_quiz: [],
    check: { total: 0, answered: 0, correct: 0, passed: false },
    complete: false,
    mastery_level: 0.45,
    bookmarked: false,
    ...overrides,
  };
}

/** A check item of the topic page; `answered` is the caller's first answer with the key it revealed. */
export function checkItem(
  id: string,
  stem: string,
  choices: [string, string][],
  answered: CheckItem['answered'] = null,
): CheckItem {
  return {
    id,
    stemHtml: `<p>${stem}</p>`,
    choices: choices.map(([cid, text]) => ({ id: cid, textHtml: text })),
    answered,
  };
}

/**
 * GET /api/users/me/path's answer for a graph written as `Graph` above: every topic open and not complete
 * unless listed (`ready` marks the ready ones), modules open (by mastery, or by an unlock when `unlocked` names
 * them) unless `locked` names them (with their reason), and the next step.
 */
export function pathOf(
  graph: Graph,
  {
    complete = [],
    locked = {},
    ready = [],
    unlocked = [],
    next = { type: 'practice', reason: 'Nothing is ready' },
  }: {
    complete?: string[];
    locked?: Record<string, string>;
    ready?: string[];
    unlocked?: string[];
    next?: LearningPath['next'];
  } = {},
): LearningPath {
  const modules = graphWire(graph).modules;
  return {
    subjectId: graph.subject.id,
    complete: complete.length,
    total: graph.nodes.length,
    topics: graphWire(graph).nodes.map((n) => ({
      id: n.id,
      title: n.title,
      moduleId: n.moduleId,
      level: graph.nodes.find((g) => g.id === n.id)?.mastery_level ?? 0,
      complete: complete.includes(n.id),
      ready: ready.includes(n.id),
    })),
    modules: modules.map((m, i) => ({
      id: m.id,
      title: m.title,
      locked: m.id in locked,
      reason: locked[m.id] ?? null,
      openedBy: m.id in locked ? null : i === 0 ? 'first' : unlocked.includes(m.id) ? 'unlock' : 'mastery',
    })),
    next,
    openAttempts: [],
  };
}

/** POST /api/tutor/variant's answer. */
export function tutorVariant(html: string, sources: TutorVariant['sources'] = []): TutorVariant {
  return { html, sources, provider: 'builtin', cached: false };
}

/**
 * What the server sends for a graph written as `Graph` above: GET /api/graph's topics (modules named by
 * the nodes' categories, summaries as plain text) and GET /api/graph/mastery's levels.
 * `{ ...graphHandlers(VAGUS_GRAPH) }` answers both routes.
 */
export function graphWire(graph: Graph): OkResponse<'/api/graph', 'get'> {
  const modules = [...graph.modules];
  const moduleOf = (n: GraphNode) => {
    let m = modules.find((x) => x.title === n.category);
    if (!m && n.category) modules.push((m = { id: n.category, title: n.category }));
    return m;
  };
  const ids = new Set(graph.nodes.map((n) => n.id));
  const nodes = graph.nodes.map((n) => {
    const module = moduleOf(n);
    return {
      id: n.id,
      title: n.title,
      category: module?.title ?? '',
      moduleId: module?.id ?? '',
      summary: n.summary
        .replace(/<[^>]*>/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
      prerequisites: n.prerequisites.filter((p) => ids.has(p)),
    };
  });
  return { subject: graph.subject, version: graph.version, modules, nodes };
}

/** GET /api/graph/mastery: the levels of the topics with evidence (not 0); the others read as 0. */
export function masteryWire(graph: Graph): GraphMastery {
  return {
    subjectId: graph.subject.id,
    levels: Object.fromEntries(graph.nodes.filter((n) => n.mastery_level !== 0).map((n) => [n.id, n.mastery_level])),
  };
}

export function graphHandlers(graph: Graph) {
  return {
    'GET /api/graph': { body: graphWire(graph) },
    'GET /api/graph/mastery': { body: masteryWire(graph) },
  };
}
