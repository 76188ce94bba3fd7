import { Entity, ManyToOne, OptionalProps, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { Subject } from './subject.entity';

/** A module (the spec's "category") of a subject: the unit that gating unlocks. */
@Entity({ tableName: 'subject_modules' })
export class SubjectModule {
  [OptionalProps]?: 'position';

  @ManyToOne(() => Subject, { primary: true, deleteRule: 'cascade', fieldName: 'subject_id' })
  subject!: Rel<Subject>;

  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  title!: string;

  @Property({ type: 'text' })
  description!: string;

  @Property({ type: 'integer', default: 0 })
  position: number = 0;
}
