import { Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

export interface QuizChoice {
  id: string;
  text: string;
}

/** A multiple-choice question about one topic node. `correct` never leaves the server before grading. */
@Entity({ tableName: 'quiz_items' })
@Index({ properties: ['subjectId', 'nodeId'] })
export class QuizItem {
  [OptionalProps]?: 'position';

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
}
