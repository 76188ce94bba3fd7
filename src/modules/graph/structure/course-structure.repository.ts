import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

export interface TopicRow {
  id: string;
  title: string;
  module_id: string;
  module_title: string;
  preview: boolean;
  prerequisites: string[];
  summary_html?: string;
}

export interface ModuleRow {
  id: string;
  title: string;
  position: number;
}

export interface TopicContentRow {
  id: string;
  title: string;
  module_id: string;
  module_title: string;
  preview: boolean;
  summary_html: string;
  lesson_html: string;
}

/**
 * The course structure's read statements, exported so the graph benchmark's bare baseline runs
 * exactly the same SQL. Bindings are positional `?`.
 */
export const STRUCTURE_SQL = {
  /** the latest published version; 0 while only the imported content exists */
  version: `select coalesce(max(version), 0)::int as version from subject_versions where subject_id = ?`,
  modules: `select id, title, position from subject_modules where subject_id = ? order by position, id`,
  /**
   * live topics in reading order, each with its module's title and the ids of its live
   * prerequisites (one aggregate); `summary` adds the summary html; binds subject twice
   */
  topics: (summary: boolean) => `with edges as (
         select p.node_id, array_agg(p.prerequisite_id order by pn.position, pn.id) as ids
           from node_prerequisites p
           join topic_nodes pn on pn.subject_id = p.subject_id and pn.id = p.prerequisite_id and pn.archived_at is null
          where p.subject_id = ?
          group by p.node_id)
       select n.id, n.title, n.module_id, coalesce(m.title, n.module_id) as module_title, n.preview,
              coalesce(e.ids, '{}'::text[]) as prerequisites${summary ? ', n.summary_html' : ''}
         from topic_nodes n
         left join subject_modules m on m.subject_id = n.subject_id and m.id = n.module_id
         left join edges e on e.node_id = n.id
        where n.subject_id = ? and n.archived_at is null
        order by n.position, n.id`,
} as const;

/** SQL over topic_nodes, node_prerequisites and subject_modules for readers outside the graph. */
@Injectable()
export class CourseStructureRepository {
  constructor(private readonly em: EntityManager) {}

  async publishedVersion(subjectId: string): Promise<number> {
    const rows = await this.em.execute<{ version: number }[]>(STRUCTURE_SQL.version, [subjectId]);
    return Number(rows[0]?.version ?? 0);
  }

  modules(subjectId: string): Promise<ModuleRow[]> {
    return this.em.execute<ModuleRow[]>(STRUCTURE_SQL.modules, [subjectId]);
  }

  topics(em: EntityManager, subjectId: string, summary: boolean): Promise<TopicRow[]> {
    return em.execute<TopicRow[]>(STRUCTURE_SQL.topics(summary), [subjectId, subjectId]);
  }

  /** Names of these topics and their modules, live or archived (an answer may name an archived one). */
  named(em: EntityManager, subjectId: string, ids: string[]) {
    return em.execute<{ id: string; title: string; module_id: string; module_title: string | null }[]>(
      `select n.id, n.title, n.module_id, m.title as module_title
         from topic_nodes n left join subject_modules m on m.subject_id = n.subject_id and m.id = n.module_id
        where n.subject_id = ? and n.id = any(array(select jsonb_array_elements_text(?::jsonb)))`,
      [subjectId, JSON.stringify(ids)],
    );
  }

  async content(subjectId: string, id: string): Promise<TopicContentRow | null> {
    const rows = await this.em.execute<TopicContentRow[]>(
      `select n.id, n.title, n.module_id, coalesce(m.title, n.module_id) as module_title, n.preview, n.summary_html, n.lesson_html
         from topic_nodes n left join subject_modules m on m.subject_id = n.subject_id and m.id = n.module_id
        where n.subject_id = ? and n.id = ? and n.archived_at is null`,
      [subjectId, id],
    );
    return rows[0] ?? null;
  }
}
