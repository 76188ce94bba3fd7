import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { type BatchedRead, batchedRead } from '../../common/database/batched-read';
import type { QuizChoice } from './entities';
import { type QuizItemRecord, QuizRepository } from './quiz.repository';

export interface PublicQuizItem {
  id: string;
  nodeId: string;
  stem: string;
  choices: QuizChoice[];
}

/** An item as other modules see it: no answer, no explanation. */
function toPublicItem(r: Pick<QuizItemRecord, 'id' | 'nodeId' | 'stem' | 'choices'>): PublicQuizItem {
  return { id: r.id, nodeId: r.nodeId, stem: r.stem, choices: Array.isArray(r.choices) ? r.choices : [] };
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
    return (await this.repo.itemsOfNodes(subjectId, nodeIds)).map(toPublicItem);
  }

  /**
   * What a topic page shows of this module, as a statement the caller sends with its own in one round
   * trip (`readTogether`): the topic's items in their authored order, without answers, and the caller's
   * P(known) of the topic (null before any evidence).
   */
  topicPageRead(
    subjectId: string,
    nodeId: string,
    userId: string,
  ): BatchedRead<{ items: PublicQuizItem[]; level: number | null }> {
    const read = this.repo.topicItemsAndLevelRead(subjectId, nodeId, userId);
    return batchedRead({
      sql: read.sql,
      params: read.params,
      map: (rows) => {
        const { items, level } = read.map(rows);
        return { items: items.map(toPublicItem), level };
      },
    });
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
    return { nodeId: item.nodeId, correct: answer === undefined ? null : answer === item.correct };
  }
}
