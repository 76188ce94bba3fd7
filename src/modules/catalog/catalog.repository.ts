import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

export const FEATURED_SUBJECT = 'vagus-nerve';

export interface SubjectRecord {
  id: string;
  name: string;
  title: string;
  description: string;
  is_published: boolean;
  created_at: string;
}

export interface PriceRecord {
  id: string;
  subject_id: string;
  currency: string;
  amount: number;
  provider_price_id: string | null;
}

export interface PreviewNodeRecord {
  id: string;
  title: string;
  module_id: string;
  preview: boolean;
  summary_html: string;
  lesson_html: string;
}

/** Read queries of the catalog. Lists use plain SQL: no identity-map loading. */
@Injectable()
export class CatalogRepository {
  constructor(private readonly em: EntityManager) {}

  /** Published subjects in shop order: the featured course first, then content order. */
  listSubjects(opts: { includeUnpublished?: boolean } = {}): Promise<SubjectRecord[]> {
    return this.em.execute<SubjectRecord[]>(
      `select id, name, title, description, is_published, created_at from subjects
        where ? or is_published order by (id = ?) desc, position, created_at`,
      [!!opts.includeUnpublished, FEATURED_SUBJECT],
    );
  }

  async findSubject(id: string): Promise<SubjectRecord | null> {
    const rows = await this.em.execute<SubjectRecord[]>(
      `select id, name, title, description, is_published, created_at from subjects where id = ?`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** A published subject whose name or title matches, ignoring case and surrounding space. */
  async findPublishedByNameOrTitle(text: string): Promise<string | null> {
    const rows = await this.em.execute<{ id: string }[]>(
      `select id from subjects where is_published and (lower(name) = lower(?) or lower(title) = lower(?)) order by position limit 1`,
      [text.trim(), text.trim()],
    );
    return rows[0]?.id ?? null;
  }

  async setPublished(id: string, published: boolean): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>(
      `update subjects set is_published = ?, updated_at = now() where id = ? returning id`,
      [published, id],
    );
    return rows.length > 0;
  }

  listPrices(): Promise<PriceRecord[]> {
    return this.em.execute<PriceRecord[]>(
      `select p.id, p.subject_id, p.currency, p.amount, p.provider_price_id from prices p join subjects s on s.id = p.subject_id
        where p.active and s.is_published order by (s.id = ?) desc, s.position, p.amount`,
      [FEATURED_SUBJECT],
    );
  }

  async findPrice(id: string): Promise<PriceRecord | null> {
    const rows = await this.em.execute<PriceRecord[]>(
      `select id, subject_id, currency, amount, provider_price_id from prices where id = ? and active`,
      [id],
    );
    return rows[0] ?? null;
  }

  listModules(subjectId: string): Promise<{ id: string; title: string }[]> {
    return this.em.execute(`select id, title from subject_modules where subject_id = ? order by position, id`, [subjectId]);
  }

  /** Live nodes of a subject in reading order, without their heavy html unless asked for. */
  listNodes(subjectId: string): Promise<Omit<PreviewNodeRecord, 'summary_html' | 'lesson_html'>[]> {
    return this.em.execute(
      `select id, title, module_id, preview from topic_nodes where subject_id = ? and archived_at is null order by position, id`,
      [subjectId],
    );
  }

  async findNode(subjectId: string, id: string): Promise<PreviewNodeRecord | null> {
    const rows = await this.em.execute<PreviewNodeRecord[]>(
      `select id, title, module_id, preview, summary_html, lesson_html from topic_nodes
        where subject_id = ? and id = ? and archived_at is null`,
      [subjectId, id],
    );
    return rows[0] ?? null;
  }

  async moduleTitle(subjectId: string, moduleId: string): Promise<string> {
    const rows = await this.em.execute<{ title: string }[]>(`select title from subject_modules where subject_id = ? and id = ?`, [subjectId, moduleId]);
    return rows[0]?.title ?? moduleId;
  }
}
