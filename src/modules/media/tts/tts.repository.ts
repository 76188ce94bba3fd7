import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

export interface SectionText {
  id: string;
  title: string;
  text: string;
}

export interface OverrideRecord {
  sectionId: string;
  text: string | null;
  voiceId: string | null;
}

export interface TtsSubjectRecord {
  subject: string;
  sections: number;
  withAudio: number;
  stale: number;
}

/** Lecture sections as text-to-speech reads them, and Studio's per-section overrides. */
@Injectable()
export class TtsRepository {
  constructor(private readonly em: EntityManager) {}

  /** The subject's section ids in reading order. */
  async sectionIds(subjectId: string): Promise<string[]> {
    const rows = await this.em.execute<{ id: string }[]>(
      `select id from lecture_sections where subject_id = ? order by position, id`,
      [subjectId],
    );
    return rows.map((r) => r.id);
  }

  /** These sections of the subject (all when `ids` is omitted), in reading order. */
  sections(subjectId: string, ids?: string[]): Promise<SectionText[]> {
    if (ids && !ids.length) return Promise.resolve([]);
    return ids
      ? this.em.execute<SectionText[]>(
          `select id, title, text from lecture_sections
            where subject_id = ? and id = any(array(select jsonb_array_elements_text(?::jsonb)))
            order by position, id`,
          [subjectId, JSON.stringify(ids)],
        )
      : this.em.execute<SectionText[]>(
          `select id, title, text from lecture_sections where subject_id = ? order by position, id`,
          [subjectId],
        );
  }

  overrides(subjectId: string): Promise<OverrideRecord[]> {
    return this.em.execute<OverrideRecord[]>(
      `select section_id as "sectionId", text, voice_id as "voiceId" from tts_overrides
        where subject_id = ? order by section_id`,
      [subjectId],
    );
  }

  /** Replaces the subject's overrides with these (in the caller's transaction). */
  async replaceOverrides(em: EntityManager, subjectId: string, rows: OverrideRecord[], userId: string): Promise<void> {
    await em.execute(
      `delete from tts_overrides where subject_id = ?
          and not (section_id = any(array(select jsonb_array_elements_text(?::jsonb))))`,
      [subjectId, JSON.stringify(rows.map((r) => r.sectionId))],
    );
    if (!rows.length) return;
    await em.execute(
      `insert into tts_overrides (subject_id, section_id, text, voice_id, updated_by, updated_at)
       select ?, r."sectionId", r.text, r."voiceId", ?, now()
         from jsonb_to_recordset(?::jsonb) as r("sectionId" text, text text, "voiceId" text)
       on conflict (subject_id, section_id) do update
         set text = excluded.text, voice_id = excluded.voice_id, updated_by = excluded.updated_by, updated_at = now()
         where tts_overrides.text is distinct from excluded.text or tts_overrides.voice_id is distinct from excluded.voice_id`,
      [subjectId, userId, JSON.stringify(rows)],
    );
  }

  /**
   * Every subject with lecture sections: how many, how many have audio (their newest audio file),
   * and how many of those are stale (made before a published change of the section's node).
   */
  subjects(): Promise<TtsSubjectRecord[]> {
    return this.em.execute<TtsSubjectRecord[]>(
      `select s.subject_id as subject, count(*)::int as sections,
              count(a.section_id)::int as "withAudio", count(*) filter (where a.stale)::int as stale
         from lecture_sections s
         left join lateral (
           select m.section_id, m.stale from media_files m
            where m.subject_id = s.subject_id and m.section_id = s.id and m.kind = 'audio'
            order by m.created_at desc limit 1
         ) a on true
        group by s.subject_id
        order by s.subject_id`,
    );
  }
}
