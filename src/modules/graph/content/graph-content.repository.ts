import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { UpsertOutcome, upsertOutcome } from '../../../common/content-hash';
import type { NodeSource } from '../entities';

export interface NodeUpsert {
  id: string;
  title: string;
  moduleId: string;
  position: number;
  preview: boolean;
  summaryHtml: string;
  lessonHtml: string;
  variants: Record<string, string>;
  sources: NodeSource[];
  video: { url: string; title?: string } | null;
  contentHash: string;
}

export interface ModuleUpsert {
  id: string;
  title: string;
  description: string;
  position: number;
}

@Injectable()
export class GraphContentRepository {
  async replaceModules(em: EntityManager, subjectId: string, modules: ModuleUpsert[]): Promise<void> {
    await em.execute(
      `delete from subject_modules where subject_id = ? and not (id = any(array(select jsonb_array_elements_text(?::jsonb))))`,
      [subjectId, JSON.stringify(modules.map((m) => m.id))],
    );
    for (const m of modules) {
      await em.execute(
        `insert into subject_modules (subject_id, id, title, description, position) values (?, ?, ?, ?, ?)
         on conflict (subject_id, id) do update set title = excluded.title, description = excluded.description, position = excluded.position`,
        [subjectId, m.id, m.title, m.description, m.position],
      );
    }
  }

  /** A node that was archived comes back when the source has it again. */
  async upsertNode(em: EntityManager, subjectId: string, n: NodeUpsert): Promise<UpsertOutcome> {
    const rows = await em.execute<{ inserted: boolean }[]>(
      `insert into topic_nodes (subject_id, id, title, module_id, position, preview, summary_html, lesson_html, variants, sources, video, content_hash)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, ?::jsonb, ?)
       on conflict (subject_id, id) do update set title = excluded.title, module_id = excluded.module_id, position = excluded.position,
         preview = excluded.preview, summary_html = excluded.summary_html, lesson_html = excluded.lesson_html,
         variants = excluded.variants, sources = excluded.sources, video = excluded.video,
         content_hash = excluded.content_hash, archived_at = null, updated_at = now()
       where topic_nodes.content_hash is distinct from excluded.content_hash or topic_nodes.archived_at is not null
       returning (xmax = 0) as inserted`,
      [
        subjectId,
        n.id,
        n.title,
        n.moduleId,
        n.position,
        n.preview,
        n.summaryHtml,
        n.lessonHtml,
        JSON.stringify(n.variants),
        JSON.stringify(n.sources),
        n.video ? JSON.stringify(n.video) : null,
        n.contentHash,
      ],
    );
    return upsertOutcome(rows);
  }

  /** Nodes the source no longer has are archived, not deleted, so learners' data about them survives. */
  async archiveMissing(em: EntityManager, subjectId: string, keepIds: string[]): Promise<number> {
    const rows = await em.execute<{ id: string }[]>(
      `update topic_nodes set archived_at = now() where subject_id = ? and archived_at is null and not (id = any(array(select jsonb_array_elements_text(?::jsonb)))) returning id`,
      [subjectId, JSON.stringify(keepIds)],
    );
    return rows.length;
  }

  /** The subject's Studio-edited topics (live or retired), which imports leave as they are. */
  studioEdited(em: EntityManager, subjectId: string): Promise<{ id: string; title: string }[]> {
    return em.execute<{ id: string; title: string }[]>(
      `select id, title from topic_nodes where subject_id = ? and studio_edited_at is not null order by position, id`,
      [subjectId],
    );
  }

  /** These topics take the content source's version again: no longer Studio-edited. */
  async clearStudioEdited(em: EntityManager, subjectId: string, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await em.execute(
      `update topic_nodes set studio_edited_at = null
        where subject_id = ? and id = any(array(select jsonb_array_elements_text(?::jsonb)))`,
      [subjectId, JSON.stringify(ids)],
    );
  }

  async existingNodeIds(em: EntityManager, subjectId: string): Promise<Set<string>> {
    const rows = await em.execute<{ id: string }[]>(
      `select id from topic_nodes where subject_id = ? and archived_at is null`,
      [subjectId],
    );
    return new Set(rows.map((r) => r.id));
  }

  async replaceEdges(
    em: EntityManager,
    subjectId: string,
    nodeIds: string[],
    edges: { nodeId: string; prerequisiteId: string }[],
  ) {
    await em.execute(
      `delete from node_prerequisites where subject_id = ? and node_id = any(array(select jsonb_array_elements_text(?::jsonb)))`,
      [subjectId, JSON.stringify(nodeIds)],
    );
    for (const e of edges) {
      await em.execute(
        `insert into node_prerequisites (subject_id, node_id, prerequisite_id) values (?, ?, ?) on conflict do nothing`,
        [subjectId, e.nodeId, e.prerequisiteId],
      );
    }
  }
}
