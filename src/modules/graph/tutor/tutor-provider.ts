import type { PassageHit } from '../sources/sources.repository';
import type { TutorNodeRecord } from './tutor.repository';

export const TUTOR_ACTIONS = ['explain_more', 'simplify', 'example', 'steps', 'why', 'visualize'] as const;
export type TutorAction = (typeof TUTOR_ACTIONS)[number];

/** A topic next to the one asked about: what it builds on, or what builds on it. */
export interface RelatedNode {
  id: string;
  title: string;
  summaryHtml: string;
}

/** The node asked about, with its course's title. */
export type TutorNode = TutorNodeRecord & { subjectTitle: string };

/** Everything a provider may draw on to answer one action about one node. */
export interface TutorContext {
  action: TutorAction;
  node: TutorNode;
  prerequisites: RelatedNode[];
  dependants: RelatedNode[];
  /** the subject's crawled passages most relevant to the node, best first */
  passages: PassageHit[];
}

export interface TutorAnswer {
  /** html, sanitised again by the service before it is stored or sent */
  html: string;
  sources: { title: string; url: string }[];
}

export interface TutorProvider {
  readonly name: 'builtin' | 'llm';
  answer(ctx: TutorContext): Promise<TutorAnswer>;
}

export const TUTOR_PROVIDER = Symbol('TUTOR_PROVIDER');
