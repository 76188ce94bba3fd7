import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { StoredDraftItem } from './entities';

/** A topic's draft quiz items. */
export interface QuizDraftRecord {
  nodeId: string;
  items: StoredDraftItem[];
}

const ids = (xs: string[]) => JSON.stringify(xs);

/** SQL of the Studio's draft quiz items and their publishing into the item bank. Every method runs in the caller's `em`. */
@Injectable()
export class QuizDraftsRepository {
  async findDraft(em: EntityManager, subjectId: string, nodeId: string): Promise<StoredDraftItem[] | null> {
    const rows = await em.execute<{ items: StoredDraftItem[] }[]>(
      `select items from quiz_item_drafts where subject_id = ? and node_id = ?`,
      [subjectId, nodeId],
    );
    return rows[0]?.items ?? null;
  }

  /** A topic's published items in their authored order, answers included. */
  publishedItems(em: EntityManager, subjectId: string, nodeId: string): Promise<StoredDraftItem[]> {
    return em.execute<StoredDraftItem[]>(
      `select id, stem, choices, correct, explanation, difficulty, use from quiz_items
        where subject_id = ? and node_id = ? order by position, id`,
      [subjectId, nodeId],
    );
  }

  async upsertDraft(
    em: EntityManager,
    subjectId: string,
    nodeId: string,
    items: StoredDraftItem[],
    userId: string,
  ): Promise<void> {
    await em.execute(
      `insert into quiz_item_drafts (subject_id, node_id, items, updated_by, updated_at) values (?, ?, ?::jsonb, ?, now())
       on conflict (subject_id, node_id) do update set items = excluded.items, updated_by = excluded.updated_by, updated_at = now()`,
      [subjectId, nodeId, JSON.stringify(items), userId],
    );
  }

  /** The subject's drafts, in node order (`lock`: for update, as publishing reads them). */
  drafts(em: EntityManager, subjectId: string, lock = false): Promise<QuizDraftRecord[]> {
    return em.execute<QuizDraftRecord[]>(
      `select node_id as "nodeId", items from quiz_item_drafts where subject_id = ? order by node_id${lock ? ' for update' : ''}`,
      [subjectId],
    );
  }

  /** Discards the subject's drafts; answers their topics. */
  async deleteDrafts(em: EntityManager, subjectId: string): Promise<string[]> {
    const rows = await em.execute<{ nodeId: string }[]>(
      `delete from quiz_item_drafts where subject_id = ? returning node_id as "nodeId"`,
      [subjectId],
    );
    return rows.map((r) => r.nodeId);
  }

  /** Which of these item ids another topic of the subject uses, published or in its draft. */
  async itemIdsOfOtherNodes(
    em: EntityManager,
    subjectId: string,
    nodeId: string,
    itemIds: string[],
  ): Promise<{ id: string; nodeId: string }[]> {
    if (itemIds.length === 0) return [];
    return em.execute<{ id: string; nodeId: string }[]>(
      `select id, node_id as "nodeId" from quiz_items
        where subject_id = ? and node_id <> ? and id = any(array(select jsonb_array_elements_text(?::jsonb)))
       union
       select i->>'id' as id, d.node_id as "nodeId" from quiz_item_drafts d, jsonb_array_elements(d.items) i
        where d.subject_id = ? and d.node_id <> ? and i->>'id' = any(array(select jsonb_array_elements_text(?::jsonb)))`,
      [subjectId, nodeId, ids(itemIds), subjectId, nodeId, ids(itemIds)],
    );
  }

  /** The number of published check items of each topic of the subject that has items. */
  publishedCheckCounts(em: EntityManager, subjectId: string): Promise<{ nodeId: string; checks: number }[]> {
    return em.execute<{ nodeId: string; checks: number }[]>(
      `select node_id as "nodeId", (count(*) filter (where use = 'check'))::int as checks
         from quiz_items where subject_id = ? group by node_id`,
      [subjectId],
    );
  }

  /** Makes a topic's published items exactly `items`, in this order. */
  async replaceNodeItems(
    em: EntityManager,
    subjectId: string,
    nodeId: string,
    items: StoredDraftItem[],
  ): Promise<void> {
    await em.execute(
      `delete from quiz_items where subject_id = ? and node_id = ? and not (id = any(array(select jsonb_array_elements_text(?::jsonb))))`,
      [subjectId, nodeId, ids(items.map((i) => i.id))],
    );
    for (const [position, i] of items.entries()) {
      await em.execute(
        `insert into quiz_items (subject_id, id, node_id, position, stem, choices, correct, explanation, difficulty, use)
         values (?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?)
         on conflict (subject_id, id) do update set node_id = excluded.node_id, position = excluded.position,
           stem = excluded.stem, choices = excluded.choices, correct = excluded.correct,
           explanation = excluded.explanation, difficulty = excluded.difficulty, use = excluded.use`,
        [
          subjectId,
          i.id,
          nodeId,
          position,
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
}
