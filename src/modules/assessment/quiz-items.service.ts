import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { type BatchedRead, batchedRead } from '../../common/database/batched-read';
import type { QuizChoice, QuizItemUse } from './entities';
import { type CheckProgress, checkProgress, isComplete } from './learning-path';
import { type FirstAnswerRecord, type QuizItemRecord, QuizRepository } from './quiz.repository';

export interface PublicQuizItem {
  id: string;
  nodeId: string;
  stem: string;
  choices: QuizChoice[];
}

/** A check item on the topic page: the caller's first answer of it, and what that answer revealed. */
export interface TopicCheckItem extends PublicQuizItem {
  answered: FirstAnswerRecord | null;
}

/** What the topic page shows of assessment: the check items, the caller's level and the topic's check state. */
export interface TopicPageAssessment {
  items: TopicCheckItem[];
  level: number | null;
  check: CheckProgress;
  complete: boolean;
}

/** A check item graded: its key and explanation, which only check items ever reveal. */
export interface GradedCheck {
  nodeId: string;
  correct: boolean;
  correctAnswer: string;
  explanation: string;
}

/** An item as other modules see it: no answer, no explanation. */
function toPublicItem(r: Pick<QuizItemRecord, 'id' | 'nodeId' | 'stem' | 'choices'>): PublicQuizItem {
  return { id: r.id, nodeId: r.nodeId, stem: r.stem, choices: Array.isArray(r.choices) ? r.choices : [] };
}

/** Why a check item was refused: not a check item of the topic, or the answer is not one of its choices. */
export type CheckRefusal = 'not_a_check_item' | 'not_a_choice';

/**
 * The quiz item bank as other modules may read it: check items' stems and choices for the topic page and
 * practice, and grading of one check item's answer (which reveals its key). Assessment items' answers never
 * leave this module.
 */
@Injectable()
export class QuizItemsService {
  constructor(private readonly repo: QuizRepository) {}

  /** The items of this use of these topics in their authored order (grouped by topic), without answers. */
  async forTopics(subjectId: string, nodeIds: string[], use: QuizItemUse): Promise<PublicQuizItem[]> {
    if (nodeIds.length === 0) return [];
    return (await this.repo.itemsOfNodes(subjectId, nodeIds, use)).map(toPublicItem);
  }

  /**
   * What a topic page shows of this module, as a statement the caller sends with its own in one round
   * trip (`readTogether`): the topic's check items in their authored order, without answers unless the caller
   * answered them (their first answer then comes with the key it revealed), the caller's P(known) of the
   * topic (null before any evidence), the topic's check and whether the topic is complete.
   */
  topicPageRead(subjectId: string, nodeId: string, userId: string): BatchedRead<TopicPageAssessment> {
    const read = this.repo.topicItemsAndLevelRead(subjectId, nodeId, userId);
    return batchedRead({
      sql: read.sql,
      params: read.params,
      map: (rows) => {
        const { items, level } = read.map(rows);
        const check = checkProgress(items.map((i) => (i.answered ? { correct: i.answered.correct } : null)));
        return {
          items: items.map((i) => ({ ...toPublicItem(i), answered: i.answered })),
          level,
          check,
          complete: isComplete(level ?? 0, check),
        };
      },
    });
  }

  /**
   * Grades an answer to a check item of this topic in the caller's transaction and reveals its key. A refusal
   * when the item is no check item of the topic (an assessment item, another topic's) or the answer is not one
   * of its choices.
   */
  async gradeCheck(
    em: EntityManager,
    subjectId: string,
    nodeId: string,
    questionId: string,
    answer: string,
  ): Promise<GradedCheck | CheckRefusal> {
    const [item] = await this.repo.itemsById(em, subjectId, [questionId]);
    if (!item || item.use !== 'check' || item.nodeId !== nodeId) return 'not_a_check_item';
    if (!(Array.isArray(item.choices) ? item.choices : []).some((c) => String(c.id) === answer)) return 'not_a_choice';
    return {
      nodeId: item.nodeId,
      correct: answer === item.correct,
      correctAnswer: item.correct,
      explanation: item.explanation,
    };
  }
}
