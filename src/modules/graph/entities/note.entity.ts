import { Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

/** A learner's note. Stored text: the first line is the title, the rest the content. */
@Entity({ tableName: 'notes' })
@Index({ properties: ['userId', 'subjectId', 'createdAt'] })
export class Note {
  [OptionalProps]?: 'nodeId' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  userId!: string;

  @Property({ type: 'text' })
  subjectId!: string;

  @Property({ type: 'text', nullable: true })
  nodeId?: string | null;

  @Property({ type: 'text' })
  text!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  updatedAt: Date = new Date();
}
