import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/** A lecture script section, the unit of text-to-speech and video rendering. */
@Entity({ tableName: 'lecture_sections' })
export class LectureSection {
  [OptionalProps]?: 'position';

  @PrimaryKey({ type: 'text' })
  subjectId!: string;

  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  title!: string;

  @Property({ type: 'text' })
  text!: string;

  @Property({ type: 'integer' })
  estSeconds!: number;

  @Property({ type: 'integer', default: 0 })
  position: number = 0;
}
