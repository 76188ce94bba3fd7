import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { QuizChoice, QuizItemUse } from './quiz-item.entity';

/** One draft quiz item as stored in a topic's draft (answers included: they never leave assessment but to studio). */
export interface StoredDraftItem {
  id: string;
  stem: string;
  choices: QuizChoice[];
  correct: string;
  explanation: string;
  difficulty: number;
  /** missing in drafts saved before items had a use: `assessment` */
  use?: QuizItemUse;
}

/**
 * A topic's quiz items as the Studio's draft has them, replacing its published items on the next publish.
 * No foreign key: a topic the Studio adds has no published row until it is published.
 */
@Entity({ tableName: 'quiz_item_drafts' })
export class QuizItemDraft {
  [OptionalProps]?: 'updatedBy' | 'updatedAt';

  @PrimaryKey({ type: 'text' })
  subjectId!: string;

  @PrimaryKey({ type: 'text' })
  nodeId!: string;

  @Property({ type: 'jsonb' })
  items!: StoredDraftItem[];

  @Property({ type: 'uuid', nullable: true })
  updatedBy?: string | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  updatedAt: Date = new Date();
}
