import type { GraphResponse, GraphTopicsResponse } from './dto/graph.dto';
import type { Topic } from './structure/topic-reader.service';
import { textOf } from './tutor/html-text';

/**
 * Characters of a summary the graph list sends per topic (a card's teaser; the topic page has the
 * whole summary). Kept short because it is most of the list's bytes at 10,000 topics: 48 keeps the
 * list under a quarter of its former size (bench/graph: 140 characters would be 42%, 64 would be 28%).
 */
export const SUMMARY_EXCERPT_CHARS = 48;

/**
 * The plain text of an html fragment (as the tutor reads it), cut at a word boundary to at most `max`
 * characters, with an ellipsis when cut: what a topic card shows of a summary.
 */
export function plainExcerpt(html: string | null | undefined, max: number): string {
  const text = textOf(html);
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`;
}

/**
 * The published graph as sent: topics as columns, modules and prerequisites by index, summaries as
 * plain-text excerpts. Exported so the benchmark's bare baseline builds exactly the same response.
 */
export function toGraphResponse(
  subject: { id: string; name: string; title: string },
  version: number,
  modules: { id: string; title: string }[],
  nodes: Pick<Topic, 'id' | 'title' | 'moduleId' | 'prerequisites' | 'summaryHtml'>[],
  excerpt: (html: string | undefined) => string = (html) => plainExcerpt(html, SUMMARY_EXCERPT_CHARS),
): GraphResponse {
  const moduleIndex = new Map(modules.map((m, i) => [m.id, i]));
  const nodeIndex = new Map(nodes.map((n, i) => [n.id, i]));
  const topics: GraphTopicsResponse = { id: [], title: [], module: [], summary: [], prerequisites: [] };
  for (const n of nodes) {
    topics.id.push(n.id);
    topics.title.push(n.title);
    topics.module.push(moduleIndex.get(n.moduleId) ?? -1);
    topics.summary.push(excerpt(n.summaryHtml));
    topics.prerequisites.push(n.prerequisites.map((p) => nodeIndex.get(p)).filter((i): i is number => i !== undefined));
  }
  return {
    subject: { id: subject.id, name: subject.name, title: subject.title },
    version,
    modules: modules.map((m) => ({ id: m.id, title: m.title })),
    topics,
  };
}
