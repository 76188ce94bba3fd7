import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { AssessmentContentRepository, type QuizItemImport } from './assessment-content.repository';

export type { QuizItemImport };

/** The assessment module's side of the content migration: the quiz item bank. */
@Injectable()
export class AssessmentContentService {
  constructor(private readonly repo: AssessmentContentRepository) {}

  /**
   * Replaces the quiz items of the given nodes with `items` (inside the caller's transaction).
   * Items in `keepIds` (skipped as malformed this time) keep their stored version.
   */
  async importQuizItems(
    em: EntityManager,
    subjectId: string,
    nodeIds: string[],
    items: QuizItemImport[],
    keepIds: string[] = [],
  ): Promise<number> {
    await this.repo.deleteItemsOfNodesExcept(em, subjectId, nodeIds, [...items.map((i) => i.id), ...keepIds]);
    for (const [position, item] of items.entries()) await this.repo.upsertItem(em, subjectId, { ...item, position });
    return items.length;
  }
}
