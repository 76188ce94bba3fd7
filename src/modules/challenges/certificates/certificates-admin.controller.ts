import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { type AuthUser, CurrentUser } from '../../../common/decorators/current-user.decorator';
import { Roles } from '../../../common/decorators/roles.decorator';
import { contentRange, parseRaListQuery } from '../../../common/http/ra-list';
import { CertificatesService } from './certificates.service';
import {
  AdminCertificateResponse,
  CERTIFICATE_LIST,
  CertificateIdParam,
  CertificateListQueryDto,
  RevokeCertificateDto,
  RevokeCertificateResponse,
  toAdminCertificateResponse,
  toRevokeCertificateResponse,
} from './dto/certificates.dto';

/** Studio → Certificates: the issued certificates (a react-admin resource), and revocation for admins. */
@ApiTags('studio')
@ApiBearerAuth()
@Controller('admin/certificates')
export class CertificatesAdminController {
  constructor(private readonly certificates: CertificatesService) {}

  @Get()
  @Roles('studio')
  @ApiOkResponse({
    type: [AdminCertificateResponse],
    description:
      'newest first; with a `Content-Range: certificates <first>-<last>/<total>` header. userEmail and revokedReason are null for the studio role',
  })
  async list(
    @Query() dto: CertificateListQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
    @CurrentUser() user: AuthUser,
  ): Promise<AdminCertificateResponse[]> {
    const { sort, range, filter } = parseRaListQuery(CERTIFICATE_LIST, dto);
    // holders' e-mail addresses (and revocation reasons) are for admins, not for the studio role
    const forAdmin = user.roles.includes('admin');
    const { rows, total } = await this.certificates.list(
      {
        sort: sort.field,
        order: sort.order,
        offset: range.start,
        limit: range.limit,
        challengeId: filter.challengeId,
        userId: filter.userId,
        revoked: filter.revoked,
        ids: filter.id,
      },
      forAdmin,
    );
    void reply.header('Content-Range', contentRange(CERTIFICATE_LIST.resource, range.start, rows.length, total));
    return rows.map((r) => toAdminCertificateResponse(r.c, r.email, forAdmin));
  }

  /** Sets the certificate's bit in the revocation status list (409 when it is already revoked). */
  @Post(':id/revoke')
  @Roles('admin')
  @HttpCode(200)
  @ApiOkResponse({ type: RevokeCertificateResponse })
  async revoke(
    @Param() { id }: CertificateIdParam,
    @Body() dto: RevokeCertificateDto,
    @CurrentUser() user: AuthUser,
  ): Promise<RevokeCertificateResponse> {
    return toRevokeCertificateResponse(await this.certificates.revoke(id, dto.reason, user.id));
  }
}
