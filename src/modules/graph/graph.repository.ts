import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { type BatchedRead, batchedRead, readTogether } from '../../common/database/batched-read';
import { STRUCTURE_SQL } from './structure/course-structure.repository';

export interface NodeDetailRecord {
  id: string;
  title: string;
  moduleId: string;
  /** the module's title (its id when the module has none) */
  category: string;
  summaryHtml: string;
  lessonHtml: string;
  variants: Record<string, string> | null;
  sources: unknown[] | null;
  video: { url?: string; title?: string } | null;
  prerequisites: { id: string; title: string }[];
  bookmarked: boolean;
}

/**
 * The graph's read statements, exported so the benchmark's bare baseline runs exactly the same SQL.
 * Bindings are positional `?`.
 */
export const GRAPH_SQL = {
  /** the latest published version; 0 while only the imported content exists */
  version: STRUCTURE_SQL.version,
  /**
   * one node with its prerequisites' titles and whether the user bookmarked it (its quiz items
   * are the assessment module's); binds user, subject, node
   */
  nodeDetail: `select n.id, n.title, n.module_id as "moduleId", coalesce(m.title, n.module_id) as category,
              n.summary_html as "summaryHtml", n.lesson_html as "lessonHtml",
              n.variants, n.sources, n.video,
              coalesce((select json_agg(json_build_object('id', pn.id, 'title', pn.title) order by pn.position, pn.id)
                          from node_prerequisites p
                          join topic_nodes pn on pn.subject_id = p.subject_id and pn.id = p.prerequisite_id and pn.archived_at is null
                         where p.subject_id = n.subject_id and p.node_id = n.id), '[]'::json) as prerequisites,
              exists(select 1 from bookmarks b where b.user_id = ? and b.subject_id = n.subject_id and b.node_id = n.id) as bookmarked
         from topic_nodes n
         left join subject_modules m on m.subject_id = n.subject_id and m.id = n.module_id
        where n.subject_id = ? and n.id = ? and n.archived_at is null`,
} as const;

/**
 * Read queries of the learning graph (the list itself is the topic reader's). A subject may hold
 * thousands of nodes, so every read is one plain SQL statement (no identity map, no query per node).
 */
@Injectable()
export class GraphRepository {
  constructor(private readonly em: EntityManager) {}

  async latestVersion(subjectId: string): Promise<number> {
    const rows = await this.em.execute<{ version: number }[]>(GRAPH_SQL.version, [subjectId]);
    return Number(rows[0]?.version ?? 0);
  }

  /**
   * One live node (with its prerequisites and the user's bookmark) and another module's read about it,
   * in one round trip: the topic page's two statements cost one socket write and read, not two.
   */
  async findNodeDetailWith<T>(
    subjectId: string,
    nodeId: string,
    userId: string,
    other: BatchedRead<T>,
  ): Promise<[NodeDetailRecord | null, T]> {
    const detail = batchedRead<NodeDetailRecord | null>({
      sql: GRAPH_SQL.nodeDetail,
      params: [userId, subjectId, nodeId],
      map: (rows) => (rows as unknown as NodeDetailRecord[])[0] ?? null,
    });
    return readTogether(this.em, detail, other);
  }

  /** A live node of the subject, with what notes and bookmarks show of it. */
  async findNode(subjectId: string, nodeId: string): Promise<{ id: string; title: string } | null> {
    const rows = await this.em.execute<{ id: string; title: string }[]>(
      `select id, title from topic_nodes where subject_id = ? and id = ? and archived_at is null`,
      [subjectId, nodeId],
    );
    return rows[0] ?? null;
  }
}
