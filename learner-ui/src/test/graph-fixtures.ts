import type { Graph, GraphNode, TopicNode, TutorVariant } from '../api';

/**
 * GET /api/graph and GET /api/graph/nodes/{id} answers (docs/graph-api.md), typed with the client's
 * hand-written types (the OpenAPI document does not describe them yet), and the tutor's answer,
 * typed from the document.
 */

export function graphNode(
  id: string,
  title: string,
  category: string,
  mastery_level: number | null = 0,
  summary = '',
): GraphNode {
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

export function topic(overrides: Partial<TopicNode> = {}): TopicNode {
  return {
    id: 'vn-anatomy',
    subject_id: 'vagus-nerve',
    title: 'Vagus Anatomy',
    category: 'Anatomy & Foundations',
    moduleId: 'foundations',
    summary_html: '<p>Summary of the anatomy.</p>',
    lesson_html: '<p>The full anatomy lesson.</p>',
    variants: {
      beginner: '<p>Beginner take.</p>',
      advanced: '<p>Advanced take.</p>',
      practical: '<p>Practical take.</p>',
      theoretical: '<p>Theoretical take.</p>',
    },
    sources: [
      { title: 'Vagus nerve (encyclopedia)', url: 'https://example.org/vagus', type: 'encyclopedia' },
      'https://example.org/plain',
    ],
    video: null,
    prerequisites: [],
    micro_quiz: [],
    mastery_level: 0.45,
    bookmarked: false,
    ...overrides,
  };
}

/** POST /api/tutor/variant's answer. */
export function tutorVariant(html: string, sources: TutorVariant['sources'] = []): TutorVariant {
  return { html, sources, provider: 'builtin', cached: false };
}
