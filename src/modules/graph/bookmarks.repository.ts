import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

export interface BookmarkRecord {
  id: string;
  subjectId: string;
  nodeId: string;
  nodeTitle: string;
  /** the topic's module title */
  nodeCategory: string;
  /** its topic is retired (archived): the bookmark is kept */
  archived: boolean;
  createdAt: string | Date;
}

const BOOKMARK_SELECT = `select b.id, b.subject_id as "subjectId", b.node_id as "nodeId", t.title as "nodeTitle",
         coalesce(m.title, t.module_id) as "nodeCategory", (t.archived_at is not null) as archived, b.created_at as "createdAt"
  from bookmarks b
  join topic_nodes t on t.subject_id = b.subject_id and t.id = b.node_id
  left join subject_modules m on m.subject_id = t.subject_id and m.id = t.module_id`;

/** Bookmarks, always filtered by their owner. */
@Injectable()
export class BookmarksRepository {
  constructor(private readonly em: EntityManager) {}

  list(userId: string, subjectId: string | null): Promise<BookmarkRecord[]> {
    return this.em.execute<BookmarkRecord[]>(
      `${BOOKMARK_SELECT} where b.user_id = ? and (?::text is null or b.subject_id = ?::text) order by b.created_at desc, b.id desc`,
      [userId, subjectId, subjectId],
    );
  }

  async find(userId: string, subjectId: string, nodeId: string): Promise<BookmarkRecord | null> {
    const rows = await this.em.execute<BookmarkRecord[]>(
      `${BOOKMARK_SELECT} where b.user_id = ? and b.subject_id = ? and b.node_id = ?`,
      [userId, subjectId, nodeId],
    );
    return rows[0] ?? null;
  }

  /** true when this call created it; a second call (even a concurrent one) changes nothing. */
  async insert(id: string, userId: string, subjectId: string, nodeId: string): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>(
      `insert into bookmarks (id, user_id, subject_id, node_id) values (?, ?, ?, ?)
       on conflict (user_id, subject_id, node_id) do nothing returning id`,
      [id, userId, subjectId, nodeId],
    );
    return rows.length > 0;
  }

  async delete(userId: string, subjectId: string, nodeId: string): Promise<number> {
    const rows = await this.em.execute<{ id: string }[]>(
      `delete from bookmarks where user_id = ? and subject_id = ? and node_id = ? returning id`,
      [userId, subjectId, nodeId],
    );
    return rows.length;
  }
}
