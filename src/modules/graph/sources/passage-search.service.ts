import { Injectable } from '@nestjs/common';
import { PassageHit, SourcesRepository } from './sources.repository';

/** Full-text search over a subject's crawled passages, for the tutor. */
@Injectable()
export class PassageSearchService {
  constructor(private readonly repo: SourcesRepository) {}

  search(subjectId: string, query: string, limit = 3): Promise<PassageHit[]> {
    return this.repo.search(subjectId, query, limit);
  }

  /** Identifies the subject's indexed content, so answers built from it can be cached against it. */
  fingerprint(subjectId: string): Promise<string> {
    return this.repo.fingerprint(subjectId);
  }
}
