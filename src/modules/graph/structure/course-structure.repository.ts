import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/** A live topic in reading order. */
export interface TopicRecord {
  id: string;
  title: string;
  moduleId: string;
  /** the module's title (its id when the module has none) */
  moduleTitle: string;
  /** a free preview sample */
  preview: boolean;
  /** ids of its live prerequisites, in reading order */
  prerequisites: string[];
  /** only when asked for */
  summaryHtml?: string;
}

export interface ModuleRecord {
  id: string;
  title: string;
  position: number;
}

/** A topic's names, live or archived. */
export interface TopicNameRecord {
  id: string;
  title: string;
  moduleId: string;
  moduleTitle: string;
}

export interface TopicContentRecord extends TopicNameRecord {
  preview: boolean;
  summaryHtml: string;
  lessonHtml: string;
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
       select n.id, n.title, n.module_id as "moduleId", coalesce(m.title, n.module_id) as "moduleTitle", n.preview,
              coalesce(e.ids, '{}'::text[]) as prerequisites${summary ? ', n.summary_html as "summaryHtml"' : ''}
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

  modules(subjectId: string): Promise<ModuleRecord[]> {
    return this.em.execute<ModuleRecord[]>(STRUCTURE_SQL.modules, [subjectId]);
  }

  topics(em: EntityManager, subjectId: string, summary: boolean): Promise<TopicRecord[]> {
    return em.execute<TopicRecord[]>(STRUCTURE_SQL.topics(summary), [subjectId, subjectId]);
  }

  /** Names of these topics and their modules, live or archived (an answer may name an archived one). */
  named(em: EntityManager, subjectId: string, ids: string[]): Promise<TopicNameRecord[]> {
    return em.execute<TopicNameRecord[]>(
      `select n.id, n.title, n.module_id as "moduleId", coalesce(m.title, n.module_id) as "moduleTitle"
         from topic_nodes n left join subject_modules m on m.subject_id = n.subject_id and m.id = n.module_id
        where n.subject_id = ? and n.id = any(array(select jsonb_array_elements_text(?::jsonb)))`,
      [subjectId, JSON.stringify(ids)],
    );
  }

  /** The video URLs live topics of the subject store (published content; drafts live elsewhere). */
  async videoUrls(subjectId: string): Promise<string[]> {
    const rows = await this.em.execute<{ url: string }[]>(
      `select n.video->>'url' as url
         from topic_nodes n
        where n.subject_id = ? and n.archived_at is null and jsonb_typeof(n.video->'url') = 'string'`,
      [subjectId],
    );
    return rows.map((r) => r.url);
  }

  async content(subjectId: string, id: string): Promise<TopicContentRecord | null> {
    const rows = await this.em.execute<TopicContentRecord[]>(
      `select n.id, n.title, n.module_id as "moduleId", coalesce(m.title, n.module_id) as "moduleTitle", n.preview,
              n.summary_html as "summaryHtml", n.lesson_html as "lessonHtml"
         from topic_nodes n left join subject_modules m on m.subject_id = n.subject_id and m.id = n.module_id
        where n.subject_id = ? and n.id = ? and n.archived_at is null`,
      [subjectId, id],
    );
    return rows[0] ?? null;
  }
}
