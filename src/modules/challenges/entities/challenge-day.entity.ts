import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

export interface ChallengeDayLesson {
  summary: string;
  steps: string[];
}
export interface ChallengeQuizItem {
  q: string;
  options: string[];
  answer: number;
}
export interface ChallengeMicroProject {
  desc: string;
  expected_fields: string[];
}
export interface ChallengeRubric {
  pass_score: number;
  criteria: string[];
}

@Entity({ tableName: 'challenge_days' })
export class ChallengeDay {
  @PrimaryKey({ type: 'text' })
  challengeId!: string;

  @PrimaryKey({ type: 'integer' })
  day!: number;

  @Property({ type: 'text' })
  title!: string;

  @Property({ type: 'text' })
  tool!: string;

  @Property({ type: 'integer' })
  estMinutes!: number;

  @Property({ type: 'jsonb' })
  lesson!: ChallengeDayLesson;

  @Property({ type: 'jsonb' })
  quiz!: ChallengeQuizItem[];

  @Property({ type: 'jsonb' })
  microProject!: ChallengeMicroProject;

  @Property({ type: 'jsonb' })
  rubric!: ChallengeRubric;
}
