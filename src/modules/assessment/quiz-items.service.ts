import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { QuizChoice } from './entities';
import { QuizRepository } from './quiz.repository';

export interface PublicQuizItem {
  id: string;
  nodeId: string;
  stem: string;
  choices: QuizChoice[];
}

/**
 * The quiz item bank as other modules may read it: stems and choices for the topic page and
 * practice, and grading of one answer. The correct answers never leave this module.
 */
@Injectable()
export class QuizItemsService {
  constructor(private readonly repo: QuizRepository) {}

  /** The items of these topics in their authored order (grouped by topic), without answers. */
  async forTopics(subjectId: string, nodeIds: string[]): Promise<PublicQuizItem[]> {
    if (nodeIds.length === 0) return [];
    const rows = await this.repo.itemsOfNodes(subjectId, nodeIds);
    return rows.map((r) => ({
      id: r.id,
      nodeId: r.node_id,
      stem: r.stem,
      choices: Array.isArray(r.choices) ? r.choices : [],
    }));
  }

  /**
   * Grades one answer in the caller's transaction: the item's topic, and whether `answer` is
   * correct (null when no answer was given). Null when the subject has no such item.
   */
  async grade(
    em: EntityManager,
    subjectId: string,
    questionId: string,
    answer?: string,
  ): Promise<{ nodeId: string; correct: boolean | null } | null> {
    const [item] = await this.repo.itemsById(em, subjectId, [questionId]);
    if (!item) return null;
    return { nodeId: item.node_id, correct: answer === undefined ? null : answer === item.correct };
  }
}
