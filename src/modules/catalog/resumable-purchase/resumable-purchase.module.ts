import { Global, Injectable, Module } from '@nestjs/common';
import { RESUMABLE_PURCHASE, type ResumablePurchaseCheck } from '../../../common/purchases/resumable-purchase';
import { CatalogModule } from '../catalog.module';
import { CatalogService } from '../catalog.service';
import { EntitlementsService } from '../entitlements.service';

/** The shop's answer to auth's question (common/purchases/resumable-purchase.ts). */
@Injectable()
export class ResumablePurchaseService implements ResumablePurchaseCheck {
  constructor(
    private readonly catalog: CatalogService,
    private readonly entitlements: EntitlementsService,
  ) {}

  async resumable(userId: string, subjectId: string, priceId: string | null) {
    // resolveSubjectId finds a subject by id only while it is published
    if ((await this.catalog.resolveSubjectId(subjectId)) !== subjectId) return null;
    if (await this.entitlements.hasActive(userId, subjectId)) return null;
    const price = priceId ? await this.catalog.findPrice(priceId) : null;
    return { subjectId, priceId: price && price.subjectId === subjectId ? price.id : null };
  }
}

/**
 * Global, and imported by the API's root module (not by CatalogModule, which it imports), so that AuthService can
 * inject RESUMABLE_PURCHASE without the auth module importing the catalog module.
 */
@Global()
@Module({
  imports: [CatalogModule],
  providers: [ResumablePurchaseService, { provide: RESUMABLE_PURCHASE, useExisting: ResumablePurchaseService }],
  exports: [RESUMABLE_PURCHASE],
})
export class ResumablePurchaseModule {}
