import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { contentHash, UpsertOutcome } from '../../../common/content-hash';
import { type ChallengeDayUpsert, ChallengeContentRepository } from './challenge-content.repository';

export interface ChallengeImport {
  id: string;
  subjectId: string;
  name: string;
  tagline: string;
  days: ChallengeDayUpsert[];
}

/** The challenges module's side of the content migration. */
@Injectable()
export class ChallengeContentService {
  constructor(private readonly repo: ChallengeContentRepository) {}

  /** Inserts or updates a challenge with its days, inside the caller's transaction. */
  async importChallenge(em: EntityManager, c: ChallengeImport): Promise<UpsertOutcome> {
    const outcome = await this.repo.upsertChallenge(em, {
      id: c.id,
      subjectId: c.subjectId,
      name: c.name,
      tagline: c.tagline,
      daysCount: c.days.length,
      contentHash: contentHash(c),
    });
    if (outcome === 'unchanged') return outcome;
    await this.repo.deleteDaysAfter(em, c.id, c.days.length);
    for (const d of c.days) await this.repo.upsertDay(em, c.id, d);
    return outcome;
  }
}
