import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { TopicReader } from '../graph/structure/topic-reader.service';
import { type CheckProgress, checkPassed, isComplete } from './learning-path';
import { LearningPathService } from './learning-path.service';
import { MasteryService } from './mastery.service';
import { QuizItemsService } from './quiz-items.service';

export const TOPIC_NOT_FOUND = 'Topic not found';
export const NOT_A_CHOICE = "answer must be one of the question's choice ids";
export const notACheckQuestion = (id: string) => `Question ${id} is not a check question of this topic`;

/** An answer to a check item: graded, revealed, and what it did to the topic. */
export interface CheckAnswer {
  questionId: string;
  correct: boolean;
  correctAnswer: string;
  explanation: string;
  counted: boolean;
  mastery: number | null;
  check: CheckProgress;
  complete: boolean;
}

/** A topic's check: its check items answered one at a time, each revealing its key (docs/learning-loop-api.md §2). */
@Injectable()
export class CheckService {
  constructor(
    private readonly em: EntityManager,
    private readonly topics: TopicReader,
    private readonly items: QuizItemsService,
    private readonly mastery: MasteryService,
    private readonly path: LearningPathService,
  ) {}

  async answer(
    userId: string,
    subjectId: string,
    nodeId: string,
    questionId: string,
    answer: string,
  ): Promise<CheckAnswer> {
    // a topic in a soft-locked module can be answered too: the lock only steers "next"
    const topic = await this.topics.content(subjectId, nodeId);
    if (!topic) throw new NotFoundException(TOPIC_NOT_FOUND);
    return this.em.transactional(async (tx) => {
      const graded = await this.items.gradeCheck(tx, subjectId, nodeId, questionId, answer);
      if (graded === 'not_a_check_item') throw new BadRequestException(notACheckQuestion(questionId));
      if (graded === 'not_a_choice') throw new BadRequestException(NOT_A_CHOICE);
      const outcome = await this.mastery.recordLearningEvidence(tx, {
        userId,
        subjectId,
        nodeId,
        itemId: questionId,
        source: 'check',
        answer,
        correct: graded.correct,
        eligible: true,
        now: new Date(),
      });
      const counts = await this.path.topicCheck(tx, userId, subjectId, nodeId);
      const check = { ...counts, passed: checkPassed(counts) };
      return {
        questionId,
        correct: graded.correct,
        correctAnswer: graded.correctAnswer,
        explanation: graded.explanation,
        counted: outcome.counted,
        mastery: outcome.mastery === null ? null : Math.round(outcome.mastery * 1000) / 1000,
        check,
        complete: isComplete(outcome.mastery ?? 0, check),
      };
    });
  }
}
