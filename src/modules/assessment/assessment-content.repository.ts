import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { QuizChoice, QuizItemUse } from './entities';

export interface QuizItemImport {
  id: string;
  nodeId: string;
  stem: string;
  choices: QuizChoice[];
  correct: string;
  explanation: string;
  difficulty: number;
  /** missing: `assessment`, so an item nobody marked is never revealed */
  use?: QuizItemUse;
}

@Injectable()
export class AssessmentContentRepository {
  async deleteItemsOfNodesExcept(em: EntityManager, subjectId: string, nodeIds: string[], keepIds: string[]) {
    await em.execute(
      `delete from quiz_items where subject_id = ? and node_id = any(array(select jsonb_array_elements_text(?::jsonb))) and not (id = any(array(select jsonb_array_elements_text(?::jsonb))))`,
      [subjectId, JSON.stringify(nodeIds), JSON.stringify(keepIds)],
    );
  }

  async upsertItem(em: EntityManager, subjectId: string, i: QuizItemImport & { position: number }) {
    await em.execute(
      `insert into quiz_items (subject_id, id, node_id, position, stem, choices, correct, explanation, difficulty, use)
       values (?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?)
       on conflict (subject_id, id) do update set node_id = excluded.node_id, position = excluded.position, stem = excluded.stem,
         choices = excluded.choices, correct = excluded.correct, explanation = excluded.explanation, difficulty = excluded.difficulty,
         use = excluded.use`,
      [
        subjectId,
        i.id,
        i.nodeId,
        i.position,
        i.stem,
        JSON.stringify(i.choices),
        i.correct,
        i.explanation,
        i.difficulty,
        i.use ?? 'assessment',
      ],
    );
  }
}
