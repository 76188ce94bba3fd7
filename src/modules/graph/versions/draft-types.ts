import type { NodeVideo } from '../entities';

export type VariantKey = 'beginner' | 'advanced' | 'practical' | 'theoretical';
export const VARIANT_KEYS: readonly VariantKey[] = ['beginner', 'advanced', 'practical', 'theoretical'];

/** Everything a learner sees of a topic (but its quiz, which is assessment's), as a draft or published. */
export interface DraftContent {
  title: string;
  summaryHtml: string;
  lessonHtml: string;
  variants: Record<VariantKey, string>;
  sources: { title: string; url: string; type: string }[];
  video: NodeVideo | null;
  moduleId: string;
  /** ids of the topics it builds on */
  prerequisites: string[];
  position: number;
  retired: boolean;
}

/** A quiz item as the Studio edits it (assessment's shape, answer included: studio only). */
export interface DraftQuizItem {
  id: string;
  stem: string;
  choices: { id: string; text: string }[];
  correct: string;
  explanation: string;
  difficulty: number;
  /** `check`: revealed after answering (topic check, practice); `assessment`: never revealed */
  use: 'check' | 'assessment';
}

/** One topic's draft as the editor reads it. */
export interface NodeDraftView {
  subjectId: string;
  nodeId: string;
  content: DraftContent;
  quiz: DraftQuizItem[];
  /** the topic has unpublished changes (a draft node or draft quiz items) */
  hasOverlay: boolean;
  /** added in the Studio, not yet published */
  created: boolean;
  etag: string;
}

export interface OutlineView {
  subjectId: string;
  modules: {
    id: string;
    title: string;
    /** `checkItems`: the topic's check items as the next publish makes them (learners need 2; the editor warns) */
    topics: { id: string; title: string; draft: boolean; created: boolean; checkItems: number }[];
  }[];
  retired: { id: string; title: string; moduleId: string; draft: boolean }[];
  hasOverlay: boolean;
  etag: string;
}
