import { Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/** `check`: revealed after answering (topic check, practice); `assessment`: never revealed (diagnostic, post test). */
export const QUIZ_ITEM_USES = ['check', 'assessment'] as const;
export type QuizItemUse = (typeof QUIZ_ITEM_USES)[number];

export interface QuizChoice {
  id: string;
  text: string;
}

/** A multiple-choice question about one topic node. `correct` never leaves the server before grading. */
@Entity({ tableName: 'quiz_items' })
@Index({ properties: ['subjectId', 'nodeId'] })
@Index({ properties: ['subjectId', 'nodeId', 'use'] })
export class QuizItem {
  [OptionalProps]?: 'position' | 'use';

  @PrimaryKey({ type: 'text' })
  subjectId!: string;

  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  nodeId!: string;

  @Property({ type: 'integer', default: 0 })
  position: number = 0;

  @Property({ type: 'text' })
  stem!: string;

  @Property({ type: 'jsonb' })
  choices!: QuizChoice[];

  @Property({ type: 'text' })
  correct!: string;

  @Property({ type: 'text' })
  explanation!: string;

  @Property({ type: 'smallint' })
  difficulty!: number;

  @Property({ type: 'text', default: 'assessment' })
  use: QuizItemUse = 'assessment';
}
