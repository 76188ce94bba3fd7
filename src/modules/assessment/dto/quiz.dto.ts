import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { sanitize } from '../../../common/html/sanitize';
import type { CatProgress } from '../adaptive-test';
import type { AttemptStatus, QuizKind } from '../entities';
import type { NextStepType } from '../gating';
import type { ReadyTopic } from '../mastery.service';
import type { MasteryRecord } from '../mastery.repository';
import type {
  AnswerOutcome,
  AskedQuestion,
  AttemptResult,
  AttemptState,
  MasteryLabel,
  StartedAttempt,
} from '../quiz.service';
import type { QuizItemRecord } from '../quiz.repository';

const QUIZ_KINDS = ['q_diag', 'q_final', 'q_diag_clinician'] as const satisfies readonly QuizKind[];

export class QuizKindParam {
  @ApiProperty({ enum: QUIZ_KINDS })
  @IsIn(QUIZ_KINDS, { message: 'kind must be q_diag, q_final or q_diag_clinician' })
  kind!: QuizKind;
}

export class StartAttemptDto {
  @ApiProperty({ description: 'subject id, name or title', example: 'vagus-nerve' })
  @IsString({ message: 'subject is required' })
  @MinLength(1, { message: 'subject is required' })
  @MaxLength(200)
  subject!: string;

  @ApiPropertyOptional({ description: 'sent by the clinician diagnostic; the role decides' })
  @IsOptional()
  @IsBoolean({ message: 'clinician must be true or false' })
  clinician?: boolean;
}

export class QuizResponseDto {
  @ApiProperty({ example: 'vn-anatomy-q2' })
  @IsString({ message: 'questionId is required' })
  @MinLength(1, { message: 'questionId is required' })
  @MaxLength(200)
  questionId!: string;

  @ApiProperty({ description: 'choice id', example: 'b' })
  @IsString({ message: 'answer must be a choice id' })
  @MaxLength(50)
  answer!: string;
}

export class AttemptIdParam {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'attempt id must be a uuid' })
  id!: string;
}

export class AnswerDto extends QuizResponseDto {}

export class SubmitAttemptDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'attemptId must be a uuid' })
  attemptId!: string;

  @ApiProperty({ type: [QuizResponseDto] })
  @IsArray({ message: 'responses must be an array' })
  @ArrayMaxSize(200, { message: 'at most 200 responses' })
  @ValidateNested({ each: true })
  @Type(() => QuizResponseDto)
  responses!: QuizResponseDto[];
}

export class MasteryQuery {
  @ApiPropertyOptional({ example: 'vagus-nerve' })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  subjectId?: string;
}

// ---- responses -------------------------------------------------------------------------------------

// Keyed by the types, so a value added to one of them without being added here fails to compile.
const NEXT_STEP_TYPES = Object.keys({
  practice: true,
  review: true,
  advance: true,
  post_test: true,
  learn: true,
} satisfies Record<NextStepType, true>);
const MASTERY_LABELS = Object.keys({
  'Not started': true,
  Beginner: true,
  Intermediate: true,
  Advanced: true,
} satisfies Record<MasteryLabel, true>);
const SKILL_KINDS = Object.keys({ topic: true, category: true } satisfies Record<MasteryRecord['kind'], true>);

export class AttemptChoiceResponse {
  @ApiProperty({ example: 'b' }) id!: string;
  @ApiProperty({ description: 'sanitised html' }) textHtml!: string;
}

/** A question as served: never its answer key, difficulty or explanation. */
export class AttemptQuestionResponse {
  @ApiProperty({ example: 'vn-anatomy-q2' }) id!: string;
  @ApiProperty({ description: 'sanitised html' }) stemHtml!: string;
  @ApiProperty({ type: [AttemptChoiceResponse] }) choices!: AttemptChoiceResponse[];
}

export class AttemptProgressResponse {
  @ApiProperty({ type: 'integer', description: 'questions answered so far' }) answered!: number;
  @ApiProperty({ type: 'integer', description: 'about how many questions remain (0 once done)' }) remaining!: number;
  @ApiProperty({ type: 'integer', description: 'the length cap' }) cap!: number;
  @ApiProperty({ description: 'expected share of the classified topics classified right, 0..1' }) confidence!: number;
}

/** A question answered earlier in the attempt, with the answer given (no correctness while it is open). */
export class AskedQuestionResponse {
  @ApiProperty({ type: AttemptQuestionResponse }) question!: AttemptQuestionResponse;
  @ApiProperty({ description: 'the choice id given', example: 'b' }) answer!: string;
}

/**
 * A new attempt with its first question (201), or the learner's open attempt of this test resumed (200):
 * the spec's `id` is `attemptId`, its `questions` the current question, a list of one.
 */
export class StartAttemptResponse {
  @ApiProperty({ format: 'uuid' }) attemptId!: string;
  @ApiProperty({ enum: QUIZ_KINDS }) kind!: QuizKind;
  @ApiProperty({ example: 'vagus-nerve' }) subjectId!: string;
  @ApiProperty({ enum: [false] }) done!: false;
  @ApiProperty({ type: AttemptQuestionResponse, description: 'the question to answer now' })
  question!: AttemptQuestionResponse;
  @ApiProperty({ type: [AttemptQuestionResponse], description: 'the question to answer now, as a list of one' })
  questions!: AttemptQuestionResponse[];
  @ApiProperty({ type: AttemptProgressResponse }) progress!: AttemptProgressResponse;
  @ApiProperty({
    description: 'true: the open attempt of this test, resumed where it was (200); false: a new one (201)',
  })
  resumed!: boolean;
  @ApiProperty({ type: 'integer', description: '1-based number of `question`: the answers kept + 1', example: 1 })
  questionNumber!: number;
  @ApiProperty({
    type: [AskedQuestionResponse],
    description: 'the questions answered so far, in order, with the answers',
  })
  asked!: AskedQuestionResponse[];
}

/** Right or wrong only: a diagnostic's or post test's key and explanations are never revealed. */
export class GradedAnswerResponse {
  @ApiProperty() questionId!: string;
  @ApiProperty() correct!: boolean;
}

export class NextStepResponse {
  @ApiProperty({ enum: NEXT_STEP_TYPES }) type!: NextStepType;
  @ApiProperty({ type: [String], description: 'topic titles' }) skills!: string[];
}

export class GatingResponse {
  @ApiProperty() passed!: boolean;
  @ApiProperty({ type: [String], description: 'module ids unlocked by this attempt' }) unlockModules!: string[];
  @ApiProperty({ type: [String] }) tagUser!: string[];
  @ApiProperty({ type: [String], description: 'topic titles to review' }) recommendReview!: string[];
  @ApiProperty({ type: 'integer', description: 'hours before this kind of test can be taken again' })
  cooldownHours!: number;
}

export class AssessedTopicResponse {
  @ApiProperty() id!: string;
  @ApiProperty() title!: string;
  @ApiProperty() moduleId!: string;
  @ApiProperty({ description: 'P(known), 0..1' }) level!: number;
  @ApiProperty({ enum: MASTERY_LABELS }) label!: MasteryLabel;
  @ApiProperty() mastered!: boolean;
  @ApiProperty({ type: 'integer', description: 'questions asked on it' }) asked!: number;
}

const SKILL_MAP = {
  type: 'object',
  additionalProperties: { type: 'number' },
  description: 'skill (topic or module) title to P(known), 0..1',
  example: { 'Vagus nerve anatomy': 0.82 },
} as const;

/** The spec's result: `graded`, `nextStep` and `gating`, with the mastery and topics it produced. */
export class PlacementTopicResponse {
  @ApiProperty({ example: 'vn-hrv-basics' }) id!: string;
  @ApiProperty() title!: string;
}

export class PlacementLearnResponse extends PlacementTopicResponse {
  @ApiProperty({ example: 'foundations' }) moduleId!: string;
}

/** A diagnostic places the learner; it does not grade them. */
export class PlacementResponse {
  @ApiProperty({ type: 'integer', description: "complete topics among the course's live topics" }) known!: number;
  @ApiProperty({ type: 'integer' }) total!: number;
  @ApiProperty({ type: PlacementTopicResponse, nullable: true, description: "the path's next topic" })
  start!: PlacementTopicResponse | null;
  @ApiProperty({ type: [PlacementLearnResponse], description: 'ready topics in reading order, at most 5' })
  learnNext!: PlacementLearnResponse[];
}

export class AttemptResultResponse {
  @ApiProperty({ format: 'uuid' }) attemptId!: string;
  @ApiProperty({ description: 'share of answers correct, 0..1' }) score!: number;
  @ApiProperty({ type: [GradedAnswerResponse] }) graded!: GradedAnswerResponse[];
  @ApiProperty({ type: NextStepResponse }) nextStep!: NextStepResponse;
  @ApiProperty({ type: GatingResponse }) gating!: GatingResponse;
  @ApiPropertyOptional({ type: PlacementResponse, description: 'diagnostics only' }) placement?: PlacementResponse;
  @ApiProperty({ ...SKILL_MAP, description: "every live topic's title to its P(known), 0..1" })
  mastery!: Record<string, number>;
  @ApiProperty({ type: [AssessedTopicResponse], description: 'the topics the test classified' })
  topics!: AssessedTopicResponse[];
  @ApiProperty({ type: 'integer' }) questionsAsked!: number;
  @ApiProperty({ description: '0..1' }) confidence!: number;
  @ApiProperty({ description: 'expected share of the topics known, 0..1' }) knownShare!: number;
}

const ATTEMPT_STATUSES = Object.keys({ open: true, submitted: true, abandoned: true } satisfies Record<
  AttemptStatus,
  true
>);

/** `GET /api/attempts/{id}`: where the caller's attempt stands. */
export class AttemptStateResponse {
  @ApiProperty({ format: 'uuid' }) attemptId!: string;
  @ApiProperty({ enum: QUIZ_KINDS }) kind!: QuizKind;
  @ApiProperty({ example: 'vagus-nerve' }) subjectId!: string;
  @ApiProperty({ enum: ATTEMPT_STATUSES, description: '`abandoned`: closed as a duplicate, without a result' })
  status!: AttemptStatus;
  @ApiProperty({ type: 'integer', description: 'open: the number of `question` (answers kept + 1); else the answers' })
  questionNumber!: number;
  @ApiProperty({
    type: AttemptQuestionResponse,
    nullable: true,
    description: 'the question to answer now; null once closed',
  })
  question!: AttemptQuestionResponse | null;
  @ApiProperty({ type: [AskedQuestionResponse], description: 'the questions answered, in order, with the answers' })
  asked!: AskedQuestionResponse[];
  @ApiProperty({ type: AttemptProgressResponse }) progress!: AttemptProgressResponse;
  @ApiProperty({
    type: AttemptResultResponse,
    nullable: true,
    description: 'once submitted: the result, without any answer key',
  })
  result!: AttemptResultResponse | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) submittedAt!: string | null;
}

/** `POST /api/attempts/{id}/answer` while the test goes on: the next question. */
export class AnswerNextResponse {
  @ApiProperty({ format: 'uuid' }) attemptId!: string;
  @ApiProperty({ enum: [false] }) done!: false;
  @ApiProperty({ type: AttemptQuestionResponse }) question!: AttemptQuestionResponse;
  @ApiProperty({ type: AttemptProgressResponse }) progress!: AttemptProgressResponse;
}

/** `POST /api/attempts/{id}/answer` once the test is over: the attempt is submitted and graded. */
export class AnswerDoneResponse {
  @ApiProperty({ format: 'uuid' }) attemptId!: string;
  @ApiProperty({ enum: [true] }) done!: true;
  @ApiProperty({ type: AttemptProgressResponse }) progress!: AttemptProgressResponse;
  @ApiProperty({ type: AttemptResultResponse }) result!: AttemptResultResponse;
}

export type AnswerResponse = AnswerNextResponse | AnswerDoneResponse;

export class SkillMasteryResponse {
  @ApiProperty({ example: 'vagus-nerve' }) subjectId!: string;
  @ApiProperty({ description: 'a topic id, or `module:<id>` for a module' }) skillId!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ enum: SKILL_KINDS, description: 'a topic, or a module (the spec calls it category)' })
  kind!: MasteryRecord['kind'];
  @ApiProperty({ description: 'P(known), 0..1' }) score!: number;
  @ApiProperty({ type: 'integer' }) attempts!: number;
  @ApiProperty({ type: 'integer' }) correct!: number;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
}

export class ReadyTopicResponse {
  @ApiProperty() id!: string;
  @ApiProperty() title!: string;
  @ApiProperty() moduleId!: string;
  @ApiProperty() moduleTitle!: string;
  @ApiProperty({ description: 'P(known), 0..1' }) level!: number;
}

/** The spec's mastery map (`mastery`), with the skills behind it. */
export class MasteryResponse {
  @ApiProperty(SKILL_MAP) mastery!: Record<string, number>;
  @ApiProperty({ type: [SkillMasteryResponse], description: 'most recently updated first' })
  skills!: SkillMasteryResponse[];
  @ApiPropertyOptional({
    type: [ReadyTopicResponse],
    description: 'only with `subjectId`: topics not mastered whose prerequisites all are, in reading order',
  })
  readyToLearn?: ReadyTopicResponse[];
}

/** Stored html is kept as given; what leaves the server is sanitised. */
export function toAttemptQuestionResponse(q: Pick<QuizItemRecord, 'id' | 'stem' | 'choices'>): AttemptQuestionResponse {
  return {
    id: q.id,
    stemHtml: sanitize(q.stem),
    choices: (Array.isArray(q.choices) ? q.choices : []).map((c) => ({ id: String(c.id), textHtml: sanitize(c.text) })),
  };
}

export function toAttemptProgressResponse(p: CatProgress): AttemptProgressResponse {
  return { answered: p.answered, remaining: p.remaining, cap: p.cap, confidence: p.confidence };
}

const toAskedResponse = (asked: AskedQuestion[]): AskedQuestionResponse[] =>
  asked.map((a) => ({ question: toAttemptQuestionResponse(a.question), answer: a.answer }));

export function toStartAttemptResponse(a: StartedAttempt): StartAttemptResponse {
  const question = toAttemptQuestionResponse(a.question);
  return {
    attemptId: a.attemptId,
    kind: a.kind,
    subjectId: a.subjectId,
    done: false,
    question,
    questions: [question],
    progress: toAttemptProgressResponse(a.progress),
    resumed: a.resumed,
    questionNumber: a.questionNumber,
    asked: toAskedResponse(a.asked),
  };
}

/** A stored result leaves without the answer key: per answer only right or wrong (docs/learning-loop-api.md §1). */
function withoutKey(r: AttemptResult): AttemptResultResponse {
  const result = toAttemptResultResponse(r);
  for (const g of result.graded as Partial<Record<'correctAnswer' | 'explanation', unknown>>[]) {
    delete g.correctAnswer;
    delete g.explanation;
  }
  return result;
}

export function toAttemptStateResponse(s: AttemptState): AttemptStateResponse {
  return {
    attemptId: s.attemptId,
    kind: s.kind,
    subjectId: s.subjectId,
    status: s.status,
    questionNumber: s.questionNumber,
    question: s.question ? toAttemptQuestionResponse(s.question) : null,
    asked: toAskedResponse(s.asked),
    progress: toAttemptProgressResponse(s.progress),
    result: s.result ? withoutKey(s.result) : null,
    createdAt: s.createdAt,
    submittedAt: s.submittedAt,
  };
}

export function toAttemptResultResponse(r: AttemptResult): AttemptResultResponse {
  return {
    attemptId: r.attemptId,
    score: r.score,
    graded: r.graded.map((g) => ({ questionId: g.questionId, correct: g.correct })),
    nextStep: { type: r.nextStep.type, skills: r.nextStep.skills },
    ...(r.placement
      ? {
          placement: {
            known: r.placement.known,
            total: r.placement.total,
            start: r.placement.start ? { id: r.placement.start.id, title: r.placement.start.title } : null,
            learnNext: r.placement.learnNext.map((t) => ({ id: t.id, title: t.title, moduleId: t.moduleId })),
          },
        }
      : {}),
    gating: {
      passed: r.gating.passed,
      unlockModules: r.gating.unlockModules,
      tagUser: r.gating.tagUser,
      recommendReview: r.gating.recommendReview,
      cooldownHours: r.gating.cooldownHours,
    },
    mastery: r.mastery,
    topics: r.topics.map((t) => ({
      id: t.id,
      title: t.title,
      moduleId: t.moduleId,
      level: t.level,
      label: t.label,
      mastered: t.mastered,
      asked: t.asked,
    })),
    questionsAsked: r.questionsAsked,
    confidence: r.confidence,
    knownShare: r.knownShare,
  };
}

export function toAnswerResponse(o: AnswerOutcome): AnswerResponse {
  if ('result' in o)
    return {
      attemptId: o.attemptId,
      done: true,
      progress: toAttemptProgressResponse(o.progress),
      result: toAttemptResultResponse(o.result),
    };
  return {
    attemptId: o.attemptId,
    done: false,
    question: toAttemptQuestionResponse(o.question),
    progress: toAttemptProgressResponse(o.progress),
  };
}

const round = (x: number) => Math.round(x * 1000) / 1000;

export function toMasteryResponse(rows: MasteryRecord[], readyToLearn?: ReadyTopic[]): MasteryResponse {
  const mastery: Record<string, number> = {};
  for (const r of rows) mastery[r.skillName] = round(Number(r.pKnown));
  return {
    mastery,
    skills: rows.map((r) => ({
      subjectId: r.subjectId,
      skillId: r.skillId,
      name: r.skillName,
      kind: r.kind,
      score: Number(r.pKnown),
      attempts: r.attempts,
      correct: r.correct,
      updatedAt: new Date(r.updatedAt).toISOString(),
    })),
    ...(readyToLearn
      ? {
          readyToLearn: readyToLearn.map((t) => ({
            id: t.id,
            title: t.title,
            moduleId: t.moduleId,
            moduleTitle: t.moduleTitle,
            level: t.level,
          })),
        }
      : {}),
  };
}
