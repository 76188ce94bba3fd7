import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { type AuthUser, CurrentUser } from '../../../common/decorators/current-user.decorator';
import { CertificatesService } from './certificates.service';
import { MyCertificatesResponse, toMyCertificateResponse } from './dto/certificates.dto';

/** The signed-in learner's own certificates (the learner site's /challenges/certificates). */
@ApiTags('certificates')
@ApiBearerAuth()
@Controller('me/certificates')
export class MeCertificatesController {
  constructor(private readonly certificates: CertificatesService) {}

  @Get()
  @ApiOkResponse({ type: MyCertificatesResponse })
  @ApiUnauthorizedResponse({ description: 'not signed in' })
  async list(@CurrentUser() user: AuthUser): Promise<MyCertificatesResponse> {
    const issuer = this.certificates.issuerInfo();
    const mine = await this.certificates.mine(user.id);
    return { certificates: mine.map((m) => toMyCertificateResponse(m.certificate, m.revoked, issuer)) };
  }
}
