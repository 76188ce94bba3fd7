import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { contentHash, UpsertOutcome } from '../../common/content-hash';
import { CatalogContentRepository } from './catalog-content.repository';

export interface SubjectImport {
  id: string;
  name: string;
  title: string;
  description: string;
  safetyNote?: string | null;
  position: number;
  /** the course's modules: hashed with the subject, stored by the graph (GraphContentService.importModules) */
  modules: { id: string; title: string; description: string }[];
}

/** The catalog's side of the content migration: subjects and their modules. */
@Injectable()
export class CatalogContentService {
  constructor(private readonly repo: CatalogContentRepository) {}

  /** Runs inside the caller's transaction (`em`). */
  async importSubject(em: EntityManager, s: SubjectImport): Promise<UpsertOutcome> {
    const modules = s.modules.map((m, position) => ({ ...m, position }));
    const hash = contentHash({ ...s, modules });
    const outcome = await this.repo.upsertSubject(em, {
      id: s.id,
      name: s.name,
      title: s.title,
      description: s.description,
      safetyNote: s.safetyNote ?? null,
      position: s.position,
      contentHash: hash,
    });
    return outcome;
  }

  countSubjects(em: EntityManager): Promise<number> {
    return this.repo.countSubjects(em);
  }
}
