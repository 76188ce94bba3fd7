import { Body, Controller, Get, Header, HttpCode, NotFoundException, Param, Post, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../../../common/decorators/public.decorator';
import { CertificatesService } from './certificates.service';
import { STATUS_LIST_ID } from './credential';
import { VC_JWT_MEDIA_TYPE } from './credential-signer';
import {
  CertificateIdParam,
  CertificateResponse,
  IssuerResponse,
  StatusListParam,
  toCertificateResponse,
  toVerifyCredentialResponse,
  VerifyCredentialDto,
  VerifyCredentialResponse,
} from './dto/certificates.dto';
import { StatusListService } from './status-list.service';

/**
 * Public verification: anyone, signed in or not, can read a certificate by its unguessable id, download
 * its signed credential, check a copy, and fetch the issuer key and the revocation list to check it
 * themselves. Nothing here names a user beyond the certificate's own snapshot.
 */
@ApiTags('certificates')
@Public()
@Controller()
export class CertificatesController {
  constructor(
    private readonly certificates: CertificatesService,
    private readonly statusList: StatusListService,
  ) {}

  @Get('issuer')
  @ApiOkResponse({ type: IssuerResponse, description: 'the issuer profile with the Ed25519 public key' })
  issuer(): IssuerResponse {
    return this.certificates.issuer();
  }

  @Get('certificates/:id')
  @ApiOkResponse({ type: CertificateResponse })
  async get(@Param() { id }: CertificateIdParam): Promise<CertificateResponse> {
    const { certificate, credential, check } = await this.certificates.publicCertificate(id);
    return toCertificateResponse(certificate, credential, check);
  }

  @Get('certificates/:id/credential')
  @ApiProduces(VC_JWT_MEDIA_TYPE)
  @ApiOkResponse({ description: 'the signed credential (a VC-JWT), as a download', schema: { type: 'string' } })
  async credential(
    @Param() { id }: CertificateIdParam,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const jwt = await this.certificates.credentialJwt(id);
    void reply
      .header('Content-Type', VC_JWT_MEDIA_TYPE)
      .header('Content-Disposition', `attachment; filename="certificate-${id}.jwt"`);
    return jwt;
  }

  @Post('certificates/verify')
  @HttpCode(200)
  @ApiOkResponse({ type: VerifyCredentialResponse })
  async verify(@Body() dto: VerifyCredentialDto): Promise<VerifyCredentialResponse> {
    return toVerifyCredentialResponse(await this.certificates.verify(dto.credential));
  }

  @Get('credentials/status/:list')
  @ApiProduces(VC_JWT_MEDIA_TYPE)
  @Header('Cache-Control', 'no-cache')
  @ApiOkResponse({ description: 'the revocation BitstringStatusListCredential (a VC-JWT)', schema: { type: 'string' } })
  async statusListCredential(
    @Param() { list }: StatusListParam,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    if (list !== STATUS_LIST_ID) throw new NotFoundException('Status list not found');
    const jwt = await this.statusList.credentialJwt();
    void reply.header('Content-Type', VC_JWT_MEDIA_TYPE);
    return jwt;
  }
}
