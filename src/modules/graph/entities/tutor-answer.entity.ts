import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/** A tutor answer cached per node, action and the node's content version. */
@Entity({ tableName: 'tutor_answers' })
export class TutorAnswer {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'text' })
  subjectId!: string;

  @PrimaryKey({ type: 'text' })
  nodeId!: string;

  @PrimaryKey({ type: 'text' })
  action!: string;

  /** the node's content hash when answered: a publish or import makes a new one */
  @PrimaryKey({ type: 'text' })
  contentVersion!: string;

  @Property({ type: 'text' })
  provider!: string;

  @Property({ type: 'text' })
  html!: string;

  @Property({ type: 'jsonb' })
  sources!: { title: string; url: string }[];

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
