import { Module } from '@nestjs/common';
import { CertificatesService } from './certificates.service';

/** Certificates: issuing, signing, revocation and public verification (docs/challenges-api.md). */
@Module({
  providers: [CertificatesService],
  exports: [CertificatesService],
})
export class CertificatesModule {}
