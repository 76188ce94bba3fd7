import { Module } from '@nestjs/common';
import type { AppConfig } from '../../../config/config';
import { APP_CONFIG } from '../../../config/config.module';
import { AuditModule } from '../../audit/audit.module';
import { UserDataModule } from '../../auth/user-data/user-data.module';
import { CatalogModule } from '../../catalog/catalog.module';
import { CourseStructureModule } from '../../graph/structure/course-structure.module';
import { CertificatesAdminController } from './certificates-admin.controller';
import { CertificatesController } from './certificates.controller';
import { CertificatesRepository } from './certificates.repository';
import { CertificatesService } from './certificates.service';
import { CredentialSigner } from './credential-signer';
import { MeCertificatesController } from './me-certificates.controller';
import { StatusListService } from './status-list.service';

/** Certificates: issuing, signing, revocation and public verification (docs/challenges-api.md). */
@Module({
  imports: [UserDataModule, CatalogModule, CourseStructureModule, AuditModule],
  controllers: [CertificatesController, MeCertificatesController, CertificatesAdminController],
  providers: [
    CertificatesRepository,
    CertificatesService,
    StatusListService,
    // the issuer key is read (or, outside production, generated into .data) once, at boot
    { provide: CredentialSigner, inject: [APP_CONFIG], useFactory: (c: AppConfig) => CredentialSigner.fromConfig(c) },
  ],
  exports: [CertificatesService],
})
export class CertificatesModule {}
