import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/** A lecture script section as the content migration imports it. */
export interface LectureSectionImport {
  id: string;
  title: string;
  text: string;
  estSeconds: number;
}

/** The content migration's writes of lecture sections. They run in the caller's transaction `em`. */
@Injectable()
export class LectureContentRepository {
  /** Sections of the subject the source no longer has are removed. */
  async deleteSectionsExcept(em: EntityManager, subjectId: string, keepIds: string[]): Promise<void> {
    await em.execute(
      `delete from lecture_sections where subject_id = ? and not (id = any(array(select jsonb_array_elements_text(?::jsonb))))`,
      [subjectId, JSON.stringify(keepIds)],
    );
  }

  async upsertSection(em: EntityManager, subjectId: string, s: LectureSectionImport, position: number): Promise<void> {
    await em.execute(
      `insert into lecture_sections (subject_id, id, title, text, est_seconds, position) values (?, ?, ?, ?, ?, ?)
       on conflict (subject_id, id) do update set title = excluded.title, text = excluded.text, est_seconds = excluded.est_seconds, position = excluded.position`,
      [subjectId, s.id, s.title, s.text, s.estSeconds, position],
    );
  }
}
