import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * A module (the spec's "category") of a subject: the unit that gating unlocks. Part of the course
 * structure, so the graph owns it; the subject it belongs to is the catalog's (a foreign key in
 * the migration, not a relation here, so no module reaches into another's entities).
 */
@Entity({ tableName: 'subject_modules' })
export class SubjectModule {
  [OptionalProps]?: 'position';

  @PrimaryKey({ type: 'text' })
  subjectId!: string;

  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  title!: string;

  @Property({ type: 'text' })
  description!: string;

  @Property({ type: 'integer', default: 0 })
  position: number = 0;
}
