import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

export interface PassageHit {
  documentId: string;
  position: number;
  text: string;
  url: string;
  title: string | null;
  rank: number;
}

/** Queries of the crawled-source index. */
@Injectable()
export class SourcesRepository {
  constructor(private readonly em: EntityManager) {}

  /** Inserts or updates the document keyed by (subject, url) and returns its id; runs in the caller's transaction. */
  async upsertDocument(
    em: EntityManager,
    subjectId: string,
    url: string,
    title: string | null,
    contentHash: string,
  ): Promise<string> {
    const rows = await em.execute<{ id: string }[]>(
      `insert into source_documents (id, subject_id, url, title, content_hash, fetched_at) values (gen_random_uuid(), ?, ?, ?, ?, now())
       on conflict (subject_id, url) do update set title = excluded.title, content_hash = excluded.content_hash, fetched_at = now()
       returning id`,
      [subjectId, url, title, contentHash],
    );
    return rows[0].id;
  }

  async replacePassages(em: EntityManager, documentId: string, subjectId: string, passages: string[]): Promise<void> {
    await em.execute(`delete from source_passages where document_id = ?`, [documentId]);
    if (!passages.length) return;
    await em.execute(
      `insert into source_passages (document_id, position, subject_id, text)
       select ?, t.ord - 1, ?, t.text from jsonb_array_elements_text(?::jsonb) with ordinality as t(text, ord)`,
      [documentId, subjectId, JSON.stringify(passages)],
    );
  }

  /**
   * The subject's passages that best match `query`, ranked by ts_rank. The words are OR-ed
   * (websearch syntax), so a passage need not contain every word of a long lesson text.
   */
  search(subjectId: string, query: string, limit: number): Promise<PassageHit[]> {
    const words = [...new Set(query.toLowerCase().match(/[\p{L}\p{N}]{2,}/gu) ?? [])].slice(0, 40);
    if (!words.length) return Promise.resolve([]);
    return this.em.execute<PassageHit[]>(
      `select p.document_id as "documentId", p.position, p.text, d.url, d.title, ts_rank(p.tsv, q.query) as rank
         from source_passages p join source_documents d on d.id = p.document_id,
              websearch_to_tsquery('english', ?) as q(query)
        where p.subject_id = ? and p.tsv @@ q.query
        order by rank desc, d.url, p.position
        limit ?`,
      [words.join(' or '), subjectId, limit],
    );
  }

  /** Changes whenever the subject's indexed documents change (not on an identical re-crawl). */
  async fingerprint(subjectId: string): Promise<string> {
    const rows = await this.em.execute<{ fp: string | null }[]>(
      `select md5(string_agg(url || ':' || content_hash, ',' order by url)) as fp from source_documents where subject_id = ?`,
      [subjectId],
    );
    return rows[0]?.fp ?? '';
  }
}
