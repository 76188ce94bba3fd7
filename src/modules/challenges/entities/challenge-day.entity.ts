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
/** An expected field with what its answer looks like (issue 27): keywords, or a plausible number range. */
export interface ChallengeExpectedField {
  name: string;
  keywords?: string[];
  range?: [number, number];
}
export interface ChallengeMicroProject {
  desc: string;
  /** plain names in packs written before issue 27 (the built-in check then has only generic rules) */
  expected_fields: (string | ChallengeExpectedField)[];
}

/** The expected fields' names, in order. */
export function expectedFieldNames(project: ChallengeMicroProject): string[] {
  return project.expected_fields.map((f) => (typeof f === 'string' ? f : f.name));
}

/** Each expected field with its rule (none for a plain name). */
export function expectedFields(project: ChallengeMicroProject): ChallengeExpectedField[] {
  return project.expected_fields.map((f) => (typeof f === 'string' ? { name: f } : f));
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
