import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

export const FEATURED_SUBJECT = 'vagus-nerve';

export interface SubjectRecord {
  id: string;
  name: string;
  title: string;
  description: string;
  isPublished: boolean;
  /** as the driver gives timestamps of raw queries (text) */
  createdAt: string;
}

export interface PriceRecord {
  id: string;
  subjectId: string;
  currency: string;
  amount: number;
  providerPriceId: string | null;
}

const SUBJECT_COLUMNS = `id, name, title, description, is_published as "isPublished", created_at as "createdAt"`;

/** The Studio's course list: SQL columns for its sort fields, so no input reaches the SQL text. */
const COURSE_ORDER = {
  // the shop's order: the featured course first, then content order
  position: [`(id <> '${FEATURED_SUBJECT}')`, 'position', 'created_at'],
  id: ['id'],
  subjectId: ['id'],
  title: ['title'],
  published: ['is_published', 'position'],
} as const;

export interface CoursePageQuery {
  sort: keyof typeof COURSE_ORDER;
  order: 'ASC' | 'DESC';
  offset: number;
  limit: number;
  published?: boolean;
  /** Case-insensitive part of the id, title or name. */
  q?: string;
  ids?: string[];
}

/** Read queries of the catalog. Lists use plain SQL: no identity-map loading. */
@Injectable()
export class CatalogRepository {
  constructor(private readonly em: EntityManager) {}

  /** Published subjects in shop order: the featured course first, then content order. */
  listSubjects(opts: { includeUnpublished?: boolean } = {}): Promise<SubjectRecord[]> {
    return this.em.execute<SubjectRecord[]>(
      `select ${SUBJECT_COLUMNS} from subjects
        where ? or is_published order by (id = ?) desc, position, created_at`,
      [!!opts.includeUnpublished, FEATURED_SUBJECT],
    );
  }

  async findSubject(id: string): Promise<SubjectRecord | null> {
    const rows = await this.em.execute<SubjectRecord[]>(`select ${SUBJECT_COLUMNS} from subjects where id = ?`, [id]);
    return rows[0] ?? null;
  }

  /** A subject whose name or title matches, ignoring case and surrounding space; published only unless asked. */
  async findByNameOrTitle(text: string, includeUnpublished = false): Promise<string | null> {
    const rows = await this.em.execute<{ id: string }[]>(
      `select id from subjects where (? or is_published) and (lower(name) = lower(?) or lower(title) = lower(?)) order by position limit 1`,
      [includeUnpublished, text.trim(), text.trim()],
    );
    return rows[0]?.id ?? null;
  }

  /** Sets the subject's shop visibility in the caller's transaction; answers the subject and what it was. */
  async setPublished(
    em: EntityManager,
    id: string,
    published: boolean,
  ): Promise<{ subject: SubjectRecord; wasPublished: boolean } | null> {
    const rows = await em.execute<(SubjectRecord & { wasPublished: boolean })[]>(
      `with old as (select id as old_id, is_published as was_published from subjects where id = ? for update)
       update subjects set is_published = ?, updated_at = now() from old where id = old.old_id
        returning ${SUBJECT_COLUMNS}, was_published as "wasPublished"`,
      [id, published],
    );
    if (!rows[0]) return null;
    const { wasPublished, ...subject } = rows[0];
    return { subject, wasPublished };
  }

  /** One page of every subject (published or not) for the Studio, and how many match in all. */
  async listCoursePage(query: CoursePageQuery): Promise<{ rows: SubjectRecord[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.published !== undefined) {
      where.push('is_published = ?');
      params.push(query.published);
    }
    if (query.q?.trim()) {
      const like = `%${query.q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.push(`(id ilike ? or title ilike ? or name ilike ?)`);
      params.push(like, like, like);
    }
    if (query.ids) {
      if (query.ids.length === 0) return { rows: [], total: 0 };
      where.push(`id in (${query.ids.map(() => '?').join(', ')})`);
      params.push(...query.ids);
    }
    const whereSql = where.length ? `where ${where.join(' and ')}` : '';
    const direction = query.order === 'DESC' ? 'desc' : 'asc';
    const order = [...COURSE_ORDER[query.sort], 'id'].map((column) => `${column} ${direction}`).join(', ');
    const [{ total }] = await this.em.execute<{ total: string }[]>(
      `select count(*) as total from subjects ${whereSql}`,
      params,
    );
    const rows = await this.em.execute<SubjectRecord[]>(
      `select ${SUBJECT_COLUMNS} from subjects ${whereSql}
        order by ${order} offset ? limit ?`,
      [...params, query.offset, query.limit],
    );
    return { rows, total: Number(total) };
  }

  listPrices(): Promise<PriceRecord[]> {
    return this.em.execute<PriceRecord[]>(
      `select p.id, p.subject_id as "subjectId", p.currency, p.amount, p.provider_price_id as "providerPriceId"
         from prices p join subjects s on s.id = p.subject_id
        where p.active and s.is_published order by (s.id = ?) desc, s.position, p.amount`,
      [FEATURED_SUBJECT],
    );
  }

  async findPrice(id: string): Promise<PriceRecord | null> {
    const rows = await this.em.execute<PriceRecord[]>(
      `select id, subject_id as "subjectId", currency, amount, provider_price_id as "providerPriceId" from prices where id = ? and active`,
      [id],
    );
    return rows[0] ?? null;
  }
}
