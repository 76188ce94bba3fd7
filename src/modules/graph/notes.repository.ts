import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

export interface NoteRecord {
  id: string;
  subjectId: string;
  nodeId: string | null;
  /** the topic's title, while the topic exists */
  nodeName: string | null;
  /** its topic is retired (archived): the note is kept */
  archived: boolean;
  text: string;
  createdAt: string | Date;
  updatedAt: string | Date;
}

const NOTE_COLUMNS = `n.id, n.subject_id as "subjectId", n.node_id as "nodeId", t.title as "nodeName", (t.archived_at is not null) as archived, n.text,
  n.created_at as "createdAt", n.updated_at as "updatedAt"`;
const NODE_JOIN = `left join topic_nodes t on t.subject_id = n.subject_id and t.id = n.node_id`;

/** Notes, always filtered by their owner: no query here reads another user's note. */
@Injectable()
export class NotesRepository {
  constructor(private readonly em: EntityManager) {}

  list(userId: string, subjectId: string | null): Promise<NoteRecord[]> {
    return this.em.execute<NoteRecord[]>(
      `select ${NOTE_COLUMNS} from notes n ${NODE_JOIN}
        where n.user_id = ? and (?::text is null or n.subject_id = ?::text)
        order by n.created_at desc, n.id desc`,
      [userId, subjectId, subjectId],
    );
  }

  async find(userId: string, id: string): Promise<NoteRecord | null> {
    const rows = await this.em.execute<NoteRecord[]>(
      `select ${NOTE_COLUMNS} from notes n ${NODE_JOIN} where n.user_id = ? and n.id = ?`,
      [userId, id],
    );
    return rows[0] ?? null;
  }

  async insert(id: string, userId: string, subjectId: string, nodeId: string | null, text: string): Promise<void> {
    await this.em.execute(`insert into notes (id, user_id, subject_id, node_id, text) values (?, ?, ?, ?, ?)`, [
      id,
      userId,
      subjectId,
      nodeId,
      text,
    ]);
  }

  async updateText(userId: string, id: string, text: string): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>(
      `update notes set text = ?, updated_at = now() where user_id = ? and id = ? returning id`,
      [text, userId, id],
    );
    return rows.length > 0;
  }

  async delete(userId: string, id: string): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>(
      `delete from notes where user_id = ? and id = ? returning id`,
      [userId, id],
    );
    return rows.length > 0;
  }
}
