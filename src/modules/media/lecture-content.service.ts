import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { LectureContentRepository, type LectureSectionImport } from './lecture-content.repository';

export type { LectureSectionImport } from './lecture-content.repository';

/** The media module's side of the content migration: lecture script sections for TTS and video. */
@Injectable()
export class LectureContentService {
  constructor(private readonly repo: LectureContentRepository) {}

  /** Replaces the subject's lecture sections (inside the caller's transaction). */
  async importSections(em: EntityManager, subjectId: string, sections: LectureSectionImport[]): Promise<number> {
    await this.repo.deleteSectionsExcept(
      em,
      subjectId,
      sections.map((s) => s.id),
    );
    for (const [position, s] of sections.entries()) await this.repo.upsertSection(em, subjectId, s, position);
    return sections.length;
  }
}
