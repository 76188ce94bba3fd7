import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { NodeContentFields, NodeVideo } from '../entities';

/**
 * A node's content as a version tracks it: what the editor edits, plus the video the Media Manager sets. The
 * fields issue 25 made editable are absent in drafts saved before it (the published value holds).
 */
export interface NodeContentRecord {
  title: string;
  summaryHtml: string;
  variants: Record<'beginner' | 'advanced' | 'practical' | 'theoretical', string>;
  sources: { title: string; url: string; type: string }[];
  /** absent: no video (an overlay saved before videos were tracked keeps the published one) */
  video?: NodeVideo | null;
  lessonHtml?: string;
  moduleId?: string;
  prerequisites?: string[];
  position?: number;
  retired?: boolean;
  /** a draft of a topic added in the Studio */
  created?: boolean;
}

/** A node's published content (archived ones included: `retired`), with its stored prerequisites. */
export interface PublishedNodeRecord {
  id: string;
  subjectId: string;
  title: string;
  summaryHtml: string;
  lessonHtml: string;
  variants: Record<string, string> | null;
  sources: { title: string; url: string; type: string }[] | null;
  video: NodeVideo | null;
  moduleId: string;
  position: number;
  retired: boolean;
  prerequisites: string[];
  studioEdited: boolean;
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

export interface ModuleRecord {
  id: string;
  title: string;
}

/** A node's published row as a publish writes it. */
export interface PublishedWrite {
  title: string;
  summaryHtml: string;
  lessonHtml: string;
  variants: Record<string, string>;
  sources: { title: string; url: string; type: string }[];
  video: NodeVideo | null;
  moduleId: string;
  position: number;
  retired: boolean;
}

// Overlays and snapshots store the content as JSON under the spec's field names (NodeContentFields):
// the stored documents keep them, records use ours.
const fromStored = (c: NodeContentFields): NodeContentRecord => ({
  title: c.title,
  summaryHtml: c.summary_html,
  variants: c.variants,
  sources: c.sources,
  ...(c.video !== undefined ? { video: c.video } : {}),
  ...(c.lesson_html !== undefined ? { lessonHtml: c.lesson_html } : {}),
  ...(c.moduleId !== undefined ? { moduleId: c.moduleId } : {}),
  ...(c.prerequisites !== undefined ? { prerequisites: c.prerequisites } : {}),
  ...(c.position !== undefined ? { position: c.position } : {}),
  ...(c.retired !== undefined ? { retired: c.retired } : {}),
  ...(c.created !== undefined ? { created: c.created } : {}),
});

const toStored = (c: NodeContentRecord): NodeContentFields => ({
  title: c.title,
  summary_html: c.summaryHtml,
  variants: c.variants,
  sources: c.sources,
  ...(c.video !== undefined ? { video: c.video } : {}),
  ...(c.lessonHtml !== undefined ? { lesson_html: c.lessonHtml } : {}),
  ...(c.moduleId !== undefined ? { moduleId: c.moduleId } : {}),
  ...(c.prerequisites !== undefined ? { prerequisites: c.prerequisites } : {}),
  ...(c.position !== undefined ? { position: c.position } : {}),
  ...(c.retired !== undefined ? { retired: c.retired } : {}),
  ...(c.created !== undefined ? { created: c.created } : {}),
});

const PUBLISHED_COLUMNS = `n.id, n.subject_id as "subjectId", n.title, n.summary_html as "summaryHtml",
  n.lesson_html as "lessonHtml", n.variants, n.sources, n.video, n.module_id as "moduleId", n.position,
  (n.archived_at is not null) as retired, (n.studio_edited_at is not null) as "studioEdited",
  coalesce((select array_agg(p.prerequisite_id order by pn.position, pn.id) from node_prerequisites p
               join topic_nodes pn on pn.subject_id = p.subject_id and pn.id = p.prerequisite_id and pn.archived_at is null
             where p.subject_id = n.subject_id and p.node_id = n.id), '{}'::text[]) as prerequisites`;

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

  /** Holds one topic's draft until the transaction ends: two saves of it run one after the other. */
  async lockNodeDraft(em: EntityManager, subjectId: string, nodeId: string): Promise<void> {
    await em.execute(`select pg_advisory_xact_lock(hashtextextended('node-draft:' || ? || ':' || ?, 0))`, [
      subjectId,
      nodeId,
    ]);
  }

  /** The published content of a node, live or archived (retired). */
  async findPublished(em: EntityManager, subjectId: string, nodeId: string): Promise<PublishedNodeRecord | null> {
    const rows = await em.execute<PublishedNodeRecord[]>(
      `select ${PUBLISHED_COLUMNS} from topic_nodes n where n.subject_id = ? and n.id = ?`,
      [subjectId, nodeId],
    );
    return rows[0] ?? null;
  }

  /** Every published node of the subject, archived ones included, in reading order. */
  allPublished(em: EntityManager, subjectId: string): Promise<PublishedNodeRecord[]> {
    return em.execute<PublishedNodeRecord[]>(
      `select ${PUBLISHED_COLUMNS} from topic_nodes n where n.subject_id = ? order by n.position, n.id`,
      [subjectId],
    );
  }

  /** Every draft node of the subject, in node order. */
  async overlays(em: EntityManager, subjectId: string): Promise<OverlayRecord[]> {
    const rows = await em.execute<{ nodeId: string; content: NodeContentFields }[]>(
      `select node_id as "nodeId", content from node_overlays where subject_id = ? order by node_id`,
      [subjectId],
    );
    return rows.map((r) => ({ nodeId: r.nodeId, content: fromStored(r.content) }));
  }

  /** The subject's modules in order. */
  modules(em: EntityManager, subjectId: string): Promise<ModuleRecord[]> {
    return em.execute<ModuleRecord[]>(
      `select id, title from subject_modules where subject_id = ? order by position, id`,
      [subjectId],
    );
  }

  /** Whether any node of the subject, live or archived, has this id. */
  async nodeIdTaken(em: EntityManager, subjectId: string, nodeId: string): Promise<boolean> {
    const rows = await em.execute<{ taken: boolean }[]>(
      `select exists (select 1 from topic_nodes where subject_id = ? and id = ?)
           or exists (select 1 from node_overlays where subject_id = ? and node_id = ?) as taken`,
      [subjectId, nodeId, subjectId, nodeId],
    );
    return !!rows[0]?.taken;
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

  /** Discards the subject's draft topics; answers their ids. */
  async deleteOverlays(em: EntityManager, subjectId: string): Promise<string[]> {
    const rows = await em.execute<{ nodeId: string }[]>(
      `delete from node_overlays where subject_id = ? returning node_id as "nodeId"`,
      [subjectId],
    );
    return rows.map((r) => r.nodeId);
  }

  /** Published content of these nodes, locked (archived nodes included: they are still the stored content). */
  async lockPublished(em: EntityManager, subjectId: string, nodeIds: string[]): Promise<PublishedNodeRecord[]> {
    await em.execute(
      `select 1 from topic_nodes where subject_id = ? and id = any(array(select jsonb_array_elements_text(?::jsonb)))
        order by id for update`,
      [subjectId, JSON.stringify(nodeIds)],
    );
    return em.execute<PublishedNodeRecord[]>(
      `select ${PUBLISHED_COLUMNS} from topic_nodes n
        where n.subject_id = ? and n.id = any(array(select jsonb_array_elements_text(?::jsonb))) order by n.id`,
      [subjectId, JSON.stringify(nodeIds)],
    );
  }

  /** A topic the Studio added, published (Studio-edited from the start). */
  async insertPublished(
    em: EntityManager,
    subjectId: string,
    nodeId: string,
    content: PublishedWrite,
    hash: string,
  ): Promise<void> {
    await em.execute(
      `insert into topic_nodes (subject_id, id, title, module_id, position, summary_html, lesson_html, variants, sources,
              video, content_hash, archived_at, studio_edited_at)
       values (?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, ?::jsonb, ?, case when ? then now() end, now())`,
      [
        subjectId,
        nodeId,
        content.title,
        content.moduleId,
        content.position,
        content.summaryHtml,
        content.lessonHtml,
        JSON.stringify(content.variants),
        JSON.stringify(content.sources),
        content.video ? JSON.stringify(content.video) : null,
        hash,
        content.retired,
      ],
    );
  }

  /** A published topic's content as the Studio published it: marked Studio-edited, so imports leave it alone. */
  async updatePublished(
    em: EntityManager,
    subjectId: string,
    nodeId: string,
    content: PublishedWrite,
    hash: string,
  ): Promise<void> {
    await em.execute(
      `update topic_nodes set title = ?, summary_html = ?, lesson_html = ?, variants = ?::jsonb, sources = ?::jsonb,
              video = ?::jsonb, module_id = ?, position = ?,
              archived_at = case when ? then coalesce(archived_at, now()) end,
              content_hash = ?, studio_edited_at = now(), updated_at = now()
        where subject_id = ? and id = ?`,
      [
        content.title,
        content.summaryHtml,
        content.lessonHtml,
        JSON.stringify(content.variants),
        JSON.stringify(content.sources),
        content.video ? JSON.stringify(content.video) : null,
        content.moduleId,
        content.position,
        content.retired,
        hash,
        subjectId,
        nodeId,
      ],
    );
  }

  /** Marks topics Studio-edited (their quiz items changed in a publish). */
  async markStudioEdited(em: EntityManager, subjectId: string, nodeIds: string[]): Promise<void> {
    if (nodeIds.length === 0) return;
    await em.execute(
      `update topic_nodes set studio_edited_at = now()
        where subject_id = ? and id = any(array(select jsonb_array_elements_text(?::jsonb)))`,
      [subjectId, JSON.stringify(nodeIds)],
    );
  }

  /** A topic's prerequisites become exactly these. */
  async replaceEdges(em: EntityManager, subjectId: string, nodeId: string, prerequisites: string[]): Promise<void> {
    await em.execute(`delete from node_prerequisites where subject_id = ? and node_id = ?`, [subjectId, nodeId]);
    for (const p of prerequisites) {
      await em.execute(
        `insert into node_prerequisites (subject_id, node_id, prerequisite_id) values (?, ?, ?) on conflict do nothing`,
        [subjectId, nodeId, p],
      );
    }
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
    return this.listVersionsIn(this.em, subjectId);
  }

  listVersionsIn(em: EntityManager, subjectId: string): Promise<VersionRecord[]> {
    return em.execute<VersionRecord[]>(
      `select version, changed_nodes as "changedNodes", created_at as "createdAt" from subject_versions
        where subject_id = ? order by version desc`,
      [subjectId],
    );
  }
}
