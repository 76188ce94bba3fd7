import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/** An immutable published version of a subject's content, with the nodes it changed. */
@Entity({ tableName: 'subject_versions' })
export class SubjectVersion {
  [OptionalProps]?: 'createdBy' | 'createdAt';

  @PrimaryKey({ type: 'text' })
  subjectId!: string;

  @PrimaryKey({ type: 'integer' })
  version!: number;

  @Property({ type: 'jsonb' })
  changedNodes!: string[];

  @Property({ type: 'uuid', nullable: true })
  createdBy?: string | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
