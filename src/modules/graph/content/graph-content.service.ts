import type { EntityManager } from '@mikro-orm/postgresql';
import { GraphCache } from '../graph-cache.service';
import { Injectable } from '@nestjs/common';
import { contentHash, UpsertOutcome } from '../../../common/content-hash';
import type { NodeSource } from '../entities';
import { GraphContentRepository } from './graph-content.repository';

export interface NodeImport {
  id: string;
  title: string;
  moduleId: string;
  preview: boolean;
  summaryHtml: string;
  lessonHtml: string;
  variants: Record<string, string>;
  sources: NodeSource[];
  video?: { url: string; title?: string } | null;
  prerequisites: string[];
}

export interface NodesImportResult {
  outcomes: Record<string, UpsertOutcome>;
  archived: number;
  /** prerequisite ids that named no node of the subject, dropped */
  droppedEdges: { nodeId: string; prerequisiteId: string }[];
  /** Studio-edited topics left as the Studio published them (not overwritten, archived or restored) */
  kept: { nodeId: string; title: string }[];
}

/** The graph's side of the content migration: topic nodes and prerequisite edges. */
@Injectable()
export class GraphContentService {
  constructor(
    private readonly repo: GraphContentRepository,
    private readonly cache: GraphCache,
  ) {}

  /** After an import of the subject has committed: its cached published graph is rebuilt on the next read. */
  contentChanged(subjectId: string): Promise<void> {
    return this.cache.changed(subjectId);
  }

  /** The subject's modules (the spec's categories) in order; runs inside the caller's transaction. */
  async importModules(
    em: EntityManager,
    subjectId: string,
    modules: { id: string; title: string; description: string }[],
  ): Promise<void> {
    await this.repo.replaceModules(
      em,
      subjectId,
      modules.map((m, position) => ({ ...m, position })),
    );
  }

  /**
   * Runs inside the caller's transaction. `sourceIds` are all node ids the source has
   * (including items skipped as malformed, whose stored version is kept, not archived).
   * Studio-edited topics are left as the Studio published them (listed in `kept`), unless named in `takePack`:
   * those are imported like the others and stop being Studio-edited.
   */
  async importNodes(
    em: EntityManager,
    subjectId: string,
    source: NodeImport[],
    sourceIds: string[],
    takePack: ReadonlySet<string> = new Set(),
  ): Promise<NodesImportResult> {
    const edited = await this.repo.studioEdited(em, subjectId);
    await this.repo.clearStudioEdited(
      em,
      subjectId,
      edited.filter((e) => takePack.has(e.id)).map((e) => e.id),
    );
    const kept = edited.filter((e) => !takePack.has(e.id));
    const keptIds = new Set(kept.map((k) => k.id));
    const nodes = source.filter((n) => !keptIds.has(n.id));
    const outcomes: Record<string, UpsertOutcome> = {};
    for (const [position, n] of source.entries()) {
      if (keptIds.has(n.id)) continue;
      const { prerequisites: _edges, ...content } = n;
      const row = { ...content, position, video: n.video ?? null };
      outcomes[n.id] = await this.repo.upsertNode(em, subjectId, {
        ...row,
        contentHash: contentHash({ ...row, prerequisites: [...n.prerequisites].sort() }),
      });
    }
    const archived = await this.repo.archiveMissing(em, subjectId, [...sourceIds, ...keptIds]);
    const live = await this.repo.existingNodeIds(em, subjectId);
    const edges: { nodeId: string; prerequisiteId: string }[] = [];
    const droppedEdges: { nodeId: string; prerequisiteId: string }[] = [];
    for (const n of nodes) {
      for (const p of new Set(n.prerequisites)) {
        (live.has(p) && p !== n.id ? edges : droppedEdges).push({ nodeId: n.id, prerequisiteId: p });
      }
    }
    await this.repo.replaceEdges(
      em,
      subjectId,
      nodes.map((n) => n.id),
      edges,
    );
    return { outcomes, archived, droppedEdges, kept: kept.map((k) => ({ nodeId: k.id, title: k.title })) };
  }
}
