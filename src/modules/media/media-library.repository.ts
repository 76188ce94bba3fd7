import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { MediaKind } from './entities';

/** A file of the media library. */
export interface MediaFileRecord {
  id: string;
  subjectId: string;
  nodeId: string | null;
  sectionId: string | null;
  kind: MediaKind;
  fileName: string;
  /** where MediaStorage keeps the bytes */
  storageKey: string;
  size: number;
  durationMs: number | null;
  free: boolean;
  provider: string | null;
  voice: string | null;
  textHash: string | null;
  captionsFile: string | null;
  /** sha256 of the bytes */
  contentHash: string;
  stale: boolean;
  createdAt: Date;
}

/** A `media_files` row as PostgreSQL answers `select *` (size is a bigint: text; timestamps: text). */
interface MediaFileRow {
  id: string;
  subject_id: string;
  node_id: string | null;
  section_id: string | null;
  kind: MediaKind;
  file_name: string;
  storage_key: string;
  size: string | number;
  duration_ms: number | null;
  free: boolean;
  content_hash: string;
  provider: string | null;
  voice: string | null;
  text_hash: string | null;
  captions_file: string | null;
  created_by: string | null;
  stale: boolean;
  created_at: string | Date;
}

const toRecord = (r: MediaFileRow): MediaFileRecord => ({
  id: r.id,
  subjectId: r.subject_id,
  nodeId: r.node_id,
  sectionId: r.section_id,
  kind: r.kind,
  fileName: r.file_name,
  storageKey: r.storage_key,
  size: Number(r.size),
  durationMs: r.duration_ms,
  free: r.free,
  provider: r.provider,
  voice: r.voice,
  textHash: r.text_hash,
  captionsFile: r.captions_file,
  contentHash: r.content_hash,
  stale: r.stale,
  createdAt: new Date(r.created_at),
});

/** What a new `media_files` row is written from: a record less what the database assigns. */
export type MediaFileInsert = Omit<MediaFileRecord, 'id' | 'stale' | 'createdAt'> & { createdBy: string | null };

export interface MediaFilePage {
  sort: 'createdAt' | 'name';
  order: 'ASC' | 'DESC';
  offset: number;
  limit: number;
}

/** A lecture script section, in reading order. */
export interface LectureSectionRecord {
  id: string;
  title: string;
  text: string;
  estSeconds: number;
}

@Injectable()
export class MediaLibraryRepository {
  constructor(private readonly em: EntityManager) {}

  async list(subjectId: string): Promise<MediaFileRecord[]> {
    const rows = await this.em.execute<MediaFileRow[]>(
      `select * from media_files where subject_id = ? order by section_id nulls last, kind, created_at desc, file_name`,
      [subjectId],
    );
    return rows.map(toRecord);
  }

  /** One page of the subject's files of one kind, and how many there are in all. */
  async listKind(
    subjectId: string,
    kind: MediaKind,
    page: MediaFilePage,
  ): Promise<{ rows: MediaFileRecord[]; total: number }> {
    const dir = page.order === 'ASC' ? 'asc' : 'desc';
    // a whitelist, not a parameter: columns and directions cannot be bound
    const orderBy = page.sort === 'name' ? `file_name ${dir}, id` : `created_at ${dir}, file_name, id`;
    const [rows, counted] = await Promise.all([
      this.em.execute<MediaFileRow[]>(
        `select * from media_files where subject_id = ? and kind = ? order by ${orderBy} limit ? offset ?`,
        [subjectId, kind, page.limit, page.offset],
      ),
      this.em.execute<{ n: number }[]>(`select count(*)::int as n from media_files where subject_id = ? and kind = ?`, [
        subjectId,
        kind,
      ]),
    ]);
    return { rows: rows.map(toRecord), total: counted[0]?.n ?? 0 };
  }

  async find(subjectId: string, fileName: string, em: EntityManager = this.em): Promise<MediaFileRecord | null> {
    const [row] = await em.execute<MediaFileRow[]>(`select * from media_files where subject_id = ? and file_name = ?`, [
      subjectId,
      fileName,
    ]);
    return row ? toRecord(row) : null;
  }

  /** The row holding the unique "made from" key of a section's file. */
  async findMadeFrom(
    em: EntityManager,
    k: Pick<MediaFileInsert, 'subjectId' | 'sectionId' | 'kind' | 'textHash' | 'provider' | 'voice'>,
  ): Promise<MediaFileRecord | null> {
    const [row] = await em.execute<MediaFileRow[]>(
      `select * from media_files
        where subject_id = ? and section_id = ? and kind = ?
          and text_hash is not distinct from ? and provider is not distinct from ? and voice is not distinct from ?`,
      [k.subjectId, k.sectionId, k.kind, k.textHash, k.provider, k.voice],
    );
    return row ? toRecord(row) : null;
  }

  async latestSectionFile(subjectId: string, sectionId: string, kind: MediaKind): Promise<MediaFileRecord | null> {
    const [row] = await this.em.execute<MediaFileRow[]>(
      `select * from media_files where subject_id = ? and section_id = ? and kind = ? order by created_at desc, id limit 1`,
      [subjectId, sectionId, kind],
    );
    return row ? toRecord(row) : null;
  }

  /** Inserts unless either unique key is taken (a concurrent run): then null. */
  async insert(em: EntityManager, f: MediaFileInsert): Promise<MediaFileRecord | null> {
    const [row] = await em.execute<MediaFileRow[]>(
      `insert into media_files (subject_id, node_id, section_id, kind, file_name, storage_key, size, duration_ms, free,
                                content_hash, provider, voice, text_hash, captions_file, created_by)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       on conflict do nothing
       returning *`,
      [
        f.subjectId,
        f.nodeId,
        f.sectionId,
        f.kind,
        f.fileName,
        f.storageKey,
        f.size,
        f.durationMs,
        f.free,
        f.contentHash,
        f.provider,
        f.voice,
        f.textHash,
        f.captionsFile,
        f.createdBy,
      ],
    );
    return row ? toRecord(row) : null;
  }

  /** New bytes for an existing row (a stale file re-made, or a file replaced under its name): current again. */
  async replace(em: EntityManager, id: string, f: MediaFileInsert): Promise<MediaFileRecord> {
    const [row] = await em.execute<MediaFileRow[]>(
      `update media_files set node_id = ?, file_name = ?, storage_key = ?, size = ?, duration_ms = ?, free = ?,
              content_hash = ?, provider = ?, voice = ?, text_hash = ?, captions_file = ?, created_by = ?,
              stale = false, created_at = now()
        where id = ? returning *`,
      [
        f.nodeId,
        f.fileName,
        f.storageKey,
        f.size,
        f.durationMs,
        f.free,
        f.contentHash,
        f.provider,
        f.voice,
        f.textHash,
        f.captionsFile,
        f.createdBy,
        id,
      ],
    );
    return toRecord(row);
  }

  async markStale(subjectId: string, nodeIds: string[]): Promise<number> {
    const rows = await this.em.execute<{ id: string }[]>(
      `update media_files set stale = true
        where subject_id = ? and not stale
          and (node_id = any(array(select jsonb_array_elements_text(?::jsonb)))
               or section_id = any(array(select jsonb_array_elements_text(?::jsonb))))
       returning id`,
      // JSON, not an array binding: the driver layer would spread an array into a list of parameters
      [subjectId, JSON.stringify(nodeIds), JSON.stringify(nodeIds)],
    );
    return rows.length;
  }

  /** Which of these storage keys a library row names (the media sweeper's question, a page of keys at a time). */
  async namedKeys(keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await this.em.execute<{ storageKey: string }[]>(
      `select storage_key as "storageKey" from media_files
        where storage_key = any(array(select jsonb_array_elements_text(?::jsonb)))`,
      [JSON.stringify(keys)],
    );
    return new Set(rows.map((r) => r.storageKey));
  }

  /** The subject's lecture script sections in reading order. */
  listSections(subjectId: string): Promise<LectureSectionRecord[]> {
    return this.em.execute<LectureSectionRecord[]>(
      `select id, title, text, est_seconds as "estSeconds" from lecture_sections where subject_id = ? order by position, id`,
      [subjectId],
    );
  }

  /** One lecture script section, or null. */
  async section(subjectId: string, sectionId: string): Promise<LectureSectionRecord | null> {
    const [row] = await this.em.execute<LectureSectionRecord[]>(
      `select id, title, text, est_seconds as "estSeconds" from lecture_sections where subject_id = ? and id = ?`,
      [subjectId, sectionId],
    );
    return row ?? null;
  }
}
