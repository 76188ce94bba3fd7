import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { sanitize } from '../../../common/html/sanitize';
import { NODE_ID_PATTERN } from '../../graph/structure/dto/topic-ref.dto';
import type { CheckAnswer } from '../check.service';
import type { CheckProgress, OpenedBy, PathModule } from '../learning-path';
import type { LearnerPath, ModuleUnlocks } from '../learning-path.service';

export class CheckNodeParam {
  @ApiProperty({ example: 'vn-anatomy' })
  @Matches(NODE_ID_PATTERN, { message: 'nodeId is not a topic id' })
  nodeId!: string;
}

export class CheckAnswerDto {
  @ApiProperty({ example: 'vagus-nerve' })
  @IsString({ message: 'subjectId is required' })
  @MinLength(1, { message: 'subjectId is required' })
  @MaxLength(200)
  subjectId!: string;

  @ApiProperty({ example: 'vn-anatomy-q5', description: 'a check item of the topic (micro_quiz)' })
  @IsString({ message: 'questionId is required' })
  @MinLength(1, { message: 'questionId is required' })
  @MaxLength(200)
  questionId!: string;

  @ApiProperty({ example: 'b', description: 'the chosen choice id' })
  @IsString({ message: "answer must be one of the question's choice ids" })
  @MinLength(1, { message: "answer must be one of the question's choice ids" })
  @MaxLength(50)
  answer!: string;
}

export class PathQuery {
  @ApiProperty({ example: 'vagus-nerve' })
  @IsString({ message: 'subjectId is required' })
  @MinLength(1, { message: 'subjectId is required' })
  @MaxLength(200)
  subjectId!: string;

  @ApiPropertyOptional({ example: 'vn-anatomy', description: 'the topic just finished; an unknown id is ignored' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  after?: string;
}

export class UnlocksQuery {
  @ApiProperty({ example: 'vagus-nerve' })
  @IsString({ message: 'subjectId is required' })
  @MinLength(1, { message: 'subjectId is required' })
  @MaxLength(200)
  subjectId!: string;
}

// ---- responses -------------------------------------------------------------------------------------

export class CheckProgressResponse {
  @ApiProperty({ type: 'integer', description: "the topic's check items" }) total!: number;
  @ApiProperty({ type: 'integer', description: 'check items the caller has answered' }) answered!: number;
  @ApiProperty({ type: 'integer', description: 'first answers that were right' }) correct!: number;
  @ApiProperty({ description: 'more than half of the check items right the first time' }) passed!: boolean;
}

export class CheckAnswerResponse {
  @ApiProperty({ example: 'vn-anatomy-q5' }) questionId!: string;
  @ApiProperty() correct!: boolean;
  @ApiProperty({ example: 'c', description: 'the right choice id (check items only)' }) correctAnswer!: string;
  @ApiProperty({ description: 'sanitised html' }) explanation!: string;
  @ApiProperty({ description: "whether this answer moved mastery (an item's first answer, once a day)" })
  counted!: boolean;
  @ApiProperty({ type: Number, nullable: true, description: "the topic's P(known) after the answer" })
  mastery!: number | null;
  @ApiProperty({ type: CheckProgressResponse }) check!: CheckProgressResponse;
  @ApiProperty({ description: 'check passed, or level at least 0.7' }) complete!: boolean;
}

export class PathTopicResponse {
  @ApiProperty({ example: 'vn-anatomy' }) id!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ example: 'foundations' }) moduleId!: string;
  @ApiProperty() level!: number;
  @ApiProperty() complete!: boolean;
  @ApiProperty() ready!: boolean;
}

const OPENED_BY = ['first', 'mastery', 'unlock'] as const satisfies readonly Exclude<OpenedBy, null>[];

export class PathModuleResponse {
  @ApiProperty({ example: 'vagal-tone-and-hrv' }) id!: string;
  @ApiProperty() title!: string;
  @ApiProperty() locked!: boolean;
  @ApiProperty({ type: String, nullable: true, example: 'Master “Anatomy & Foundations” to open this module' })
  reason!: string | null;
  @ApiProperty({ enum: OPENED_BY, nullable: true, type: String }) openedBy!: OpenedBy;
}

export class PathTopicRefResponse {
  @ApiProperty({ example: 'vn-afferent-efferent' }) id!: string;
  @ApiProperty() title!: string;
}

export class PathNextResponse {
  @ApiProperty({ enum: ['topic', 'post_test', 'practice'] }) type!: 'topic' | 'post_test' | 'practice';
  @ApiPropertyOptional({ type: PathTopicRefResponse, description: 'type topic' }) topic?: PathTopicRefResponse;
  @ApiPropertyOptional({ enum: ['q_final'], description: 'type post_test' }) quiz?: 'q_final';
  @ApiPropertyOptional({ description: 'type practice: why no topic is ready' }) reason?: string;
}

export class OpenAttemptResponse {
  @ApiProperty({ format: 'uuid' }) attemptId!: string;
  @ApiProperty({ enum: ['q_diag', 'q_final', 'q_diag_clinician'] }) kind!: string;
  @ApiProperty({ type: 'integer', description: 'the question it resumes at: answers given + 1' }) question!: number;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export class LearningPathResponse {
  @ApiProperty({ example: 'vagus-nerve' }) subjectId!: string;
  @ApiProperty({ type: 'integer' }) complete!: number;
  @ApiProperty({ type: 'integer' }) total!: number;
  @ApiProperty({ type: [PathTopicResponse], description: 'live topics in reading order' }) topics!: PathTopicResponse[];
  @ApiProperty({ type: [PathModuleResponse] }) modules!: PathModuleResponse[];
  @ApiProperty({ type: PathNextResponse }) next!: PathNextResponse;
  @ApiProperty({ type: [OpenAttemptResponse] }) openAttempts!: OpenAttemptResponse[];
}

export class LockedModuleResponse {
  @ApiProperty({ example: 'vagal-tone-and-hrv' }) id!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ example: 'Master “Anatomy & Foundations” to open this module' }) reason!: string;
}

export class UnlocksResponse {
  @ApiProperty({ example: 'vagus-nerve' }) subjectId!: string;
  @ApiProperty({
    type: [String],
    description: 'modules opened beyond the first (by mastery or an unlock), in course order',
  })
  modules!: string[];
  @ApiProperty({ type: [LockedModuleResponse], description: 'modules still locked, with the reason' })
  locked!: LockedModuleResponse[];
}

const toCheck = (c: CheckProgress): CheckProgressResponse => ({
  total: c.total,
  answered: c.answered,
  correct: c.correct,
  passed: c.passed,
});

export function toCheckAnswerResponse(a: CheckAnswer): CheckAnswerResponse {
  return {
    questionId: a.questionId,
    correct: a.correct,
    correctAnswer: a.correctAnswer,
    explanation: sanitize(a.explanation),
    counted: a.counted,
    mastery: a.mastery,
    check: toCheck(a.check),
    complete: a.complete,
  };
}

const toModule = (m: PathModule): PathModuleResponse => ({
  id: m.id,
  title: m.title,
  locked: m.locked,
  reason: m.reason,
  openedBy: m.openedBy,
});

export function toLearningPathResponse(p: LearnerPath): LearningPathResponse {
  return {
    subjectId: p.subjectId,
    complete: p.complete,
    total: p.total,
    topics: p.topics.map((t) => ({
      id: t.id,
      title: t.title,
      moduleId: t.moduleId,
      level: t.level,
      complete: t.complete,
      ready: t.ready,
    })),
    modules: p.modules.map(toModule),
    next:
      p.next.type === 'topic'
        ? { type: 'topic', topic: { id: p.next.topic.id, title: p.next.topic.title } }
        : p.next.type === 'post_test'
          ? { type: 'post_test', quiz: 'q_final' }
          : { type: 'practice', reason: p.next.reason },
    openAttempts: p.openAttempts.map((a) => ({
      attemptId: a.attemptId,
      kind: a.kind,
      question: Number(a.question),
      createdAt: new Date(a.createdAt).toISOString(),
    })),
  };
}

export function toUnlocksResponse(u: ModuleUnlocks): UnlocksResponse {
  return { subjectId: u.subjectId, modules: u.modules, locked: u.locked };
}
