import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { QuizDraftsService } from '../../assessment/quiz-drafts.service';
import type { PublicQuizItem } from '../../assessment/quiz-items.service';
import { resolveDraft } from './draft-rules';
import type { DraftContent } from './draft-types';
import { VersionsRepository } from './versions.repository';

/** A topic as the next publish would make it, for the Studio's "Preview as learner". */
export interface DraftPreview {
  content: DraftContent;
  /** the draft module's title (its id when the course does not list it) */
  category: string;
  prerequisites: { id: string; title: string }[];
  /** the draft quiz items as learners are served them; null: the topic has no draft items (the published ones hold) */
  quiz: PublicQuizItem[] | null;
}

/** Reads a node's draft, for the Studio's preview of unpublished edits. */
@Injectable()
export class OverlayReader {
  constructor(
    private readonly em: EntityManager,
    private readonly repo: VersionsRepository,
    private readonly quiz: QuizDraftsService,
  ) {}

  /** Null when the subject has no such topic, published or added in the draft. */
  async preview(subjectId: string, nodeId: string): Promise<DraftPreview | null> {
    const em = this.em.fork();
    const [published, overlay] = await Promise.all([
      this.repo.findPublished(em, subjectId, nodeId),
      this.repo.findOverlay(em, subjectId, nodeId),
    ]);
    if (!published && overlay?.created !== true) return null;
    const content = resolveDraft(published, overlay);
    const [modules, others, overlays, quiz] = await Promise.all([
      this.repo.modules(em, subjectId),
      content.prerequisites.length ? this.repo.allPublished(em, subjectId) : Promise.resolve([]),
      content.prerequisites.length ? this.repo.overlays(em, subjectId) : Promise.resolve([]),
      this.quiz.previewItems(subjectId, nodeId),
    ]);
    const publishedById = new Map(others.map((n) => [n.id, n]));
    const overlayById = new Map(overlays.map((o) => [o.nodeId, o.content]));
    const prerequisites = content.prerequisites
      .map((id) => ({ id, draft: resolveDraft(publishedById.get(id) ?? null, overlayById.get(id) ?? null) }))
      .filter((p) => !p.draft.retired && (publishedById.has(p.id) || overlayById.get(p.id)?.created === true))
      .sort((a, b) => a.draft.position - b.draft.position || (a.id < b.id ? -1 : 1))
      .map((p) => ({ id: p.id, title: p.draft.title }));
    const category = modules.find((m) => m.id === content.moduleId)?.title ?? content.moduleId;
    return { content, category, prerequisites, quiz };
  }
}
