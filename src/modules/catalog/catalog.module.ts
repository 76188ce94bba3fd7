import { Module } from '@nestjs/common';
import { SalesStatsRepository } from './sales-stats.repository';
import { SalesStatsService } from './sales-stats.service';
import { ENTITLEMENT_CHECKER } from '../../common/guards/entitlement.guard';
import { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import { AuditModule } from '../audit/audit.module';
import { UserDataModule } from '../auth/user-data/user-data.module';
import { CourseStructureModule } from '../graph/structure/course-structure.module';
import { MailModule } from '../mail/mail.module';
import { CatalogContentRepository } from './catalog-content.repository';
import { CatalogContentService } from './catalog-content.service';
import { CatalogController } from './catalog.controller';
import { CatalogRepository } from './catalog.repository';
import { CatalogService } from './catalog.service';
import { CheckoutController } from './checkout.controller';
import { CheckoutRepository } from './checkout.repository';
import { CheckoutService } from './checkout.service';
import { EntitlementsRepository } from './entitlements.repository';
import { EntitlementsService } from './entitlements.service';
import { ReceiptService, ReceiptSweeper } from './receipt.service';
import { DevPaymentProvider, PAYMENT_PROVIDER, StripeClientHolder, StripePaymentProvider } from './payment-providers';

@Module({
  imports: [CourseStructureModule, UserDataModule, MailModule, AuditModule],
  controllers: [CatalogController, CheckoutController],
  providers: [
    CatalogContentRepository,
    CatalogContentService,
    CatalogRepository,
    CatalogService,
    EntitlementsRepository,
    EntitlementsService,
    CheckoutRepository,
    CheckoutService,
    ReceiptService,
    ReceiptSweeper,
    StripeClientHolder,
    SalesStatsRepository,
    SalesStatsService,
    {
      provide: PAYMENT_PROVIDER,
      inject: [APP_CONFIG, StripeClientHolder],
      useFactory: (config: AppConfig, holder: StripeClientHolder) =>
        config.payments.provider === 'stripe' && holder.stripe
          ? new StripePaymentProvider(holder.stripe)
          : new DevPaymentProvider(),
    },
    { provide: ENTITLEMENT_CHECKER, useExisting: EntitlementsService },
  ],
  exports: [CatalogContentService, CatalogService, EntitlementsService, ENTITLEMENT_CHECKER, SalesStatsService],
})
export class CatalogModule {}
