import { Injectable } from '@nestjs/common';
import type { EntitlementChecker } from '../../common/guards/entitlement.guard';
import { CatalogService } from './catalog.service';
import { EntitlementRecord, EntitlementsRepository, PurchaseRecord } from './entitlements.repository';

/** Who may open which course. Exported for every module whose content is sold. */
@Injectable()
export class EntitlementsService implements EntitlementChecker {
  constructor(
    private readonly repo: EntitlementsRepository,
    private readonly catalog: CatalogService,
  ) {}

  listActive(userId: string): Promise<EntitlementRecord[]> {
    return this.repo.listActive(userId);
  }

  async activeSubjectIds(userId: string): Promise<string[]> {
    return (await this.repo.listActive(userId)).map((r) => r.subjectId);
  }

  hasActive(userId: string, subjectId: string): Promise<boolean> {
    return this.repo.hasActive(userId, subjectId);
  }

  resolveSubject(input: string): Promise<string | null> {
    return this.catalog.resolveSubjectId(input, { forEntitlement: true });
  }

  /** Paid purchases, newest first. */
  listPurchases(userId: string): Promise<PurchaseRecord[]> {
    return this.repo.listPurchases(userId);
  }
}
