import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { type NodeContentRecord, VersionsRepository } from './versions.repository';

/** Reads a node's draft (overlay) content, for the Studio's preview of unpublished edits. */
@Injectable()
export class OverlayReader {
  constructor(
    private readonly em: EntityManager,
    private readonly repo: VersionsRepository,
  ) {}

  overlayFor(subjectId: string, nodeId: string): Promise<NodeContentRecord | null> {
    return this.repo.findOverlay(this.em, subjectId, nodeId);
  }
}
