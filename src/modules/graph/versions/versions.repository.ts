import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { NodeContentFields, NodeVideo } from '../entities';

/** A node's content as a version tracks it: what the editor edits, plus the video the Media Manager sets. */
export interface NodeContentRecord {
  title: string;
  summaryHtml: string;
  variants: Record<'beginner' | 'advanced' | 'practical' | 'theoretical', string>;
  sources: { title: string; url: string; type: string }[];
  /** absent: no video (an overlay saved before videos were tracked keeps the published one) */
  video?: NodeVideo | null;
}

/** A node's published content. */
export interface PublishedNodeRecord extends NodeContentRecord {
  id: string;
  subjectId: string;
}

/** One node's draft in the subject's overlay. */
export interface OverlayRecord {
  nodeId: string;
  content: NodeContentRecord;
}

export interface VersionRecord {
  version: number;
  changedNodes: string[];
  /** as the driver gives timestamps of raw queries (text) */
  createdAt: string;
}

// Overlays and snapshots store the content as JSON under the spec's field names (NodeContentFields):
// the stored documents keep them, records use ours.
const fromStored = (c: NodeContentFields): NodeContentRecord => ({
  title: c.title,
  summaryHtml: c.summary_html,
  variants: c.variants,
  sources: c.sources,
  ...(c.video !== undefined ? { video: c.video } : {}),
});

const toStored = (c: NodeContentRecord): NodeContentFields => ({
  title: c.title,
  summary_html: c.summaryHtml,
  variants: c.variants,
  sources: c.sources,
  ...(c.video !== undefined ? { video: c.video } : {}),
});

const PUBLISHED_COLUMNS = `id, subject_id as "subjectId", title, summary_html as "summaryHtml", variants, sources, video`;

/** Draft overlay, published node content and subject versions. Reads default to the request `em`; writes take the caller's transaction. */
@Injectable()
export class VersionsRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Holds the subject's version lock until the transaction ends (a transaction-scoped advisory
   * lock, since the subject row is the catalog's). `publish` is exclusive, serialising publishes
   * and resets of a subject; `save` is shared, so saves run together but never during a publish.
   */
  async lockSubject(em: EntityManager, subjectId: string, mode: 'publish' | 'save'): Promise<void> {
    const fn = mode === 'publish' ? 'pg_advisory_xact_lock' : 'pg_advisory_xact_lock_shared';
    await em.execute(`select ${fn}(hashtextextended('subject-versions:' || ?, 0))`, [subjectId]);
  }

  /** The published content of a live node. */
  async findPublished(em: EntityManager, subjectId: string, nodeId: string): Promise<PublishedNodeRecord | null> {
    const rows = await em.execute<PublishedNodeRecord[]>(
      `select ${PUBLISHED_COLUMNS} from topic_nodes where subject_id = ? and id = ? and archived_at is null`,
      [subjectId, nodeId],
    );
    return rows[0] ?? null;
  }

  async findOverlay(em: EntityManager, subjectId: string, nodeId: string): Promise<NodeContentRecord | null> {
    const rows = await em.execute<{ content: NodeContentFields }[]>(
      `select content from node_overlays where subject_id = ? and node_id = ?`,
      [subjectId, nodeId],
    );
    return rows[0] ? fromStored(rows[0].content) : null;
  }

  async upsertOverlay(
    em: EntityManager,
    subjectId: string,
    nodeId: string,
    content: NodeContentRecord,
    userId: string,
  ): Promise<void> {
    await em.execute(
      `insert into node_overlays (subject_id, node_id, content, updated_by, updated_at) values (?, ?, ?::jsonb, ?, now())
       on conflict (subject_id, node_id) do update set content = excluded.content, updated_by = excluded.updated_by, updated_at = now()`,
      [subjectId, nodeId, JSON.stringify(toStored(content)), userId],
    );
  }

  async hasOverlay(subjectId: string): Promise<boolean> {
    const rows = await this.em.execute<{ found: boolean }[]>(
      `select exists (select 1 from node_overlays where subject_id = ?) as found`,
      [subjectId],
    );
    return !!rows[0]?.found;
  }

  /** The subject's overlay rows, locked, in node order. */
  async lockOverlays(em: EntityManager, subjectId: string): Promise<OverlayRecord[]> {
    const rows = await em.execute<{ nodeId: string; content: NodeContentFields }[]>(
      `select node_id as "nodeId", content from node_overlays where subject_id = ? order by node_id for update`,
      [subjectId],
    );
    return rows.map((r) => ({ nodeId: r.nodeId, content: fromStored(r.content) }));
  }

  async deleteOverlays(em: EntityManager, subjectId: string): Promise<number> {
    const rows = await em.execute<{ node_id: string }[]>(
      `delete from node_overlays where subject_id = ? returning node_id`,
      [subjectId],
    );
    return rows.length;
  }

  /** Published content of these nodes, locked (archived nodes included: they are still the stored content). */
  lockPublished(em: EntityManager, subjectId: string, nodeIds: string[]): Promise<PublishedNodeRecord[]> {
    return em.execute<PublishedNodeRecord[]>(
      `select ${PUBLISHED_COLUMNS} from topic_nodes
        where subject_id = ? and id = any(array(select jsonb_array_elements_text(?::jsonb))) order by id for update`,
      [subjectId, JSON.stringify(nodeIds)],
    );
  }

  async updatePublished(
    em: EntityManager,
    subjectId: string,
    nodeId: string,
    content: NodeContentRecord,
    hash: string,
  ): Promise<void> {
    await em.execute(
      `update topic_nodes set title = ?, summary_html = ?, variants = ?::jsonb, sources = ?::jsonb, video = ?::jsonb,
              content_hash = ?, updated_at = now()
        where subject_id = ? and id = ?`,
      [
        content.title,
        content.summaryHtml,
        JSON.stringify(content.variants),
        JSON.stringify(content.sources),
        content.video ? JSON.stringify(content.video) : null,
        hash,
        subjectId,
        nodeId,
      ],
    );
  }

  async nextVersion(em: EntityManager, subjectId: string): Promise<number> {
    const rows = await em.execute<{ next: number }[]>(
      `select coalesce(max(version), 0) + 1 as next from subject_versions where subject_id = ?`,
      [subjectId],
    );
    return Number(rows[0].next);
  }

  async insertVersion(
    em: EntityManager,
    subjectId: string,
    version: number,
    changedNodes: string[],
    userId: string,
  ): Promise<void> {
    await em.execute(
      `insert into subject_versions (subject_id, version, changed_nodes, created_by) values (?, ?, ?::jsonb, ?)`,
      [subjectId, version, JSON.stringify(changedNodes), userId],
    );
  }

  async insertSnapshot(
    em: EntityManager,
    subjectId: string,
    version: number,
    nodeId: string,
    before: NodeContentRecord,
    after: NodeContentRecord,
  ): Promise<void> {
    await em.execute(
      `insert into node_version_snapshots (subject_id, version, node_id, before, after) values (?, ?, ?, ?::jsonb, ?::jsonb)`,
      [subjectId, version, nodeId, JSON.stringify(toStored(before)), JSON.stringify(toStored(after))],
    );
  }

  listVersions(subjectId: string): Promise<VersionRecord[]> {
    return this.em.execute<VersionRecord[]>(
      `select version, changed_nodes as "changedNodes", created_at as "createdAt" from subject_versions
        where subject_id = ? order by version desc`,
      [subjectId],
    );
  }
}
