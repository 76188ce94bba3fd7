import { Injectable } from '@nestjs/common';
import type { EntitlementChecker } from '../../common/guards/entitlement.guard';
import { CatalogService } from './catalog.service';
import { EntitlementsRepository } from './entitlements.repository';

/** Who may open which course. Exported for every module whose content is sold. */
@Injectable()
export class EntitlementsService implements EntitlementChecker {
  constructor(
    private readonly repo: EntitlementsRepository,
    private readonly catalog: CatalogService,
  ) {}

  async listActive(userId: string) {
    const rows = await this.repo.listActive(userId);
    return rows.map((r) => ({
      subjectId: r.subject_id,
      status: r.status,
      createdAt: new Date(r.created_at).toISOString(),
    }));
  }

  async activeSubjectIds(userId: string): Promise<string[]> {
    return (await this.repo.listActive(userId)).map((r) => r.subject_id);
  }

  hasActive(userId: string, subjectId: string): Promise<boolean> {
    return this.repo.hasActive(userId, subjectId);
  }

  resolveSubject(input: string): Promise<string | null> {
    return this.catalog.resolveSubjectId(input, { forEntitlement: true });
  }

  async listPurchases(userId: string) {
    const rows = await this.repo.listPurchases(userId);
    return rows.map((r) => ({
      id: r.id,
      subjects: { id: r.subject_id, name: r.name, title: r.title },
      amount: r.amount,
      currency: r.currency,
      created_at: new Date(r.completed_at).toISOString(),
    }));
  }
}
