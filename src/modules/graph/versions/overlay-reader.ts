import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { NodeContentFields } from '../entities';

/** Reads a node's draft (overlay) content, for the Studio's preview of unpublished edits. */
@Injectable()
export class OverlayReader {
  constructor(private readonly em: EntityManager) {}

  async overlayFor(subjectId: string, nodeId: string): Promise<NodeContentFields | null> {
    const rows = await this.em.execute<{ content: NodeContentFields }[]>(
      `select content from node_overlays where subject_id = ? and node_id = ?`,
      [subjectId, nodeId],
    );
    return rows[0]?.content ?? null;
  }
}
