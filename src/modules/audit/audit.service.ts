import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { AuditRepository } from './audit.repository';
import type { AuditPageQuery, AuditRecord, NewAuditEntry } from './audit.types';

/**
 * The audit trail of what staff changed (users' access, generation jobs). It imports no feature module,
 * so any module may record into it, the jobs room included.
 */
@Injectable()
export class AuditService {
  constructor(
    private readonly em: EntityManager,
    private readonly repo: AuditRepository,
  ) {}

  /**
   * Appends an entry. Pass the caller's transaction when it has one, so the entry commits (or rolls back)
   * with the change it describes.
   */
  record(entry: NewAuditEntry, tx?: EntityManager): Promise<void> {
    return this.repo.insert(tx ?? this.em, entry);
  }

  list(query: AuditPageQuery): Promise<{ rows: AuditRecord[]; total: number }> {
    return this.repo.page(query);
  }
}
