import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { UpsertOutcome, upsertOutcome } from '../../common/content-hash';

export interface SubjectContentRecord {
  id: string;
  name: string;
  title: string;
  description: string;
  safetyNote: string | null;
  position: number;
  contentHash: string;
}

/** The spec's built-in price table: the featured vagus-nerve course 4900 usd, every other 2900. */
export function defaultAmountFor(subjectId: string): number {
  return subjectId === 'vagus-nerve' ? 4900 : 2900;
}

export function priceIdFor(subjectId: string): string {
  return `price_${subjectId.replace(/-/g, '_')}`;
}

@Injectable()
export class CatalogContentRepository {
  /** Inserts or updates the subject's content; never touches `is_published`, which the Studio owns. */
  async upsertSubject(em: EntityManager, s: SubjectContentRecord): Promise<UpsertOutcome> {
    const rows = await em.execute<{ inserted: boolean }[]>(
      `insert into subjects (id, name, title, description, safety_note, position, content_hash)
       values (?, ?, ?, ?, ?, ?, ?)
       on conflict (id) do update set name = excluded.name, title = excluded.title, description = excluded.description,
         safety_note = excluded.safety_note, position = excluded.position, content_hash = excluded.content_hash, updated_at = now()
       where subjects.content_hash is distinct from excluded.content_hash
       returning (xmax = 0) as inserted`,
      [s.id, s.name, s.title, s.description, s.safetyNote, s.position, s.contentHash],
    );
    // A new subject gets its price from the spec's table; later changes to prices are kept.
    await em.execute(
      `insert into prices (id, subject_id, currency, amount) values (?, ?, 'usd', ?) on conflict (id) do nothing`,
      [priceIdFor(s.id), s.id, defaultAmountFor(s.id)],
    );
    return upsertOutcome(rows);
  }

  async countSubjects(em: EntityManager): Promise<number> {
    const rows = await em.execute<{ n: number }[]>(`select count(*)::int as n from subjects`);
    return rows[0].n;
  }
}
