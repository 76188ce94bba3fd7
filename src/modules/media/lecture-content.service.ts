import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

export interface LectureSectionImport {
  id: string;
  title: string;
  text: string;
  estSeconds: number;
}

/** The media module's side of the content migration: lecture script sections for TTS and video. */
@Injectable()
export class LectureContentService {
  /** Replaces the subject's lecture sections (inside the caller's transaction). */
  async importSections(em: EntityManager, subjectId: string, sections: LectureSectionImport[]): Promise<number> {
    await em.execute(
      `delete from lecture_sections where subject_id = ? and not (id = any(array(select jsonb_array_elements_text(?::jsonb))))`,
      [subjectId, JSON.stringify(sections.map((s) => s.id))],
    );
    for (const [position, s] of sections.entries()) {
      await em.execute(
        `insert into lecture_sections (subject_id, id, title, text, est_seconds, position) values (?, ?, ?, ?, ?, ?)
         on conflict (subject_id, id) do update set title = excluded.title, text = excluded.text, est_seconds = excluded.est_seconds, position = excluded.position`,
        [subjectId, s.id, s.title, s.text, s.estSeconds, position],
      );
    }
    return sections.length;
  }
}
