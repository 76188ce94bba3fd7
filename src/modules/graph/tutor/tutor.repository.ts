import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

export interface TutorNodeRecord {
  id: string;
  subjectId: string;
  title: string;
  category: string;
  summaryHtml: string;
  lessonHtml: string;
  variants: Record<string, string>;
  sources: { title: string; url: string; type?: string }[];
  contentHash: string;
}

export interface CachedAnswer {
  provider: string;
  html: string;
  sources: { title: string; url: string }[];
}

@Injectable()
export class TutorRepository {
  constructor(private readonly em: EntityManager) {}

  /** The published, live node with its module title as category (the subject's title is the catalog's). */
  async findNode(subjectId: string, nodeId: string): Promise<TutorNodeRecord | null> {
    const rows = await this.em.execute<TutorNodeRecord[]>(
      `select n.id, n.subject_id as "subjectId", n.title, coalesce(m.title, n.module_id) as category,
              n.summary_html as "summaryHtml", n.lesson_html as "lessonHtml", n.variants, n.sources, n.content_hash as "contentHash"
         from topic_nodes n
         left join subject_modules m on m.subject_id = n.subject_id and m.id = n.module_id
        where n.subject_id = ? and n.id = ? and n.archived_at is null`,
      [subjectId, nodeId],
    );
    return rows[0] ?? null;
  }

  async findAnswer(
    subjectId: string,
    nodeId: string,
    action: string,
    contentVersion: string,
    provider: string,
  ): Promise<CachedAnswer | null> {
    const rows = await this.em.execute<CachedAnswer[]>(
      `select provider, html, sources from tutor_answers where subject_id = ? and node_id = ? and action = ? and content_version = ? and provider = ?`,
      [subjectId, nodeId, action, contentVersion, provider],
    );
    return rows[0] ?? null;
  }

  /** Two concurrent first calls both answer; the later write wins, which is harmless (same inputs). */
  async saveAnswer(
    subjectId: string,
    nodeId: string,
    action: string,
    contentVersion: string,
    answer: CachedAnswer,
  ): Promise<void> {
    await this.em.execute(
      `insert into tutor_answers (subject_id, node_id, action, content_version, provider, html, sources) values (?, ?, ?, ?, ?, ?, ?::jsonb)
       on conflict (subject_id, node_id, action, content_version) do update set provider = excluded.provider, html = excluded.html, sources = excluded.sources, created_at = now()`,
      [subjectId, nodeId, action, contentVersion, answer.provider, answer.html, JSON.stringify(answer.sources)],
    );
  }
}
