import { Body, Controller, Get, Header, HttpCode, NotFoundException, Param, Post, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../../../common/decorators/public.decorator';
import { PDF_MEDIA_TYPE } from './certificate-pdf';
import { CERTIFICATE_NOT_FOUND, CertificatesService } from './certificates.service';
import { STATUS_LIST_ID } from './credential';
import { VC_JWT_MEDIA_TYPE } from './credential-signer';
import {
  CertificateCheckResponse,
  CertificateIdParam,
  CertificateResponse,
  IssuerResponse,
  JwksResponse,
  StatusListParam,
  toCertificateCheckResponse,
  toCertificateResponse,
  toVerifyCredentialResponse,
  VerifyCredentialDto,
  VerifyCredentialResponse,
} from './dto/certificates.dto';
import { StatusListService } from './status-list.service';

/**
 * Public verification: anyone, signed in or not, can read a certificate by its unguessable id, download
 * its signed credential or its printable PDF, check it again, check a copy, and fetch the issuer keys and the
 * revocation list to check it themselves. Nothing here names a user beyond the certificate's own snapshot (the display
 * name the learner chose), and nothing says why a certificate was revoked.
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
  @ApiOkResponse({ type: IssuerResponse, description: 'the issuer profile with its Ed25519 public keys' })
  issuer(): Promise<IssuerResponse> {
    return this.certificates.issuer();
  }

  @Get('issuer/jwks')
  @ApiOkResponse({ type: JwksResponse, description: 'every key the issuer has signed with (a JWKS)' })
  async jwks(): Promise<JwksResponse> {
    return { keys: await this.certificates.jwks() };
  }

  @Get('certificates/:id')
  @ApiOkResponse({ type: CertificateResponse })
  @ApiNotFoundResponse({ description: CERTIFICATE_NOT_FOUND })
  async get(@Param() { id }: CertificateIdParam): Promise<CertificateResponse> {
    const { certificate, credential, check } = await this.certificates.publicCertificate(id);
    return toCertificateResponse(certificate, credential, check, this.certificates.issuerInfo());
  }

  /** The stored credential checked again on the server: its signature, then its bit in the status list as served. */
  @Post('certificates/:id/verify')
  @HttpCode(200)
  @ApiOkResponse({ type: CertificateCheckResponse })
  @ApiNotFoundResponse({ description: CERTIFICATE_NOT_FOUND })
  async verifyStored(@Param() { id }: CertificateIdParam): Promise<CertificateCheckResponse> {
    return toCertificateCheckResponse(await this.certificates.verifyStored(id), new Date());
  }

  @Get('certificates/:id/pdf')
  @ApiProduces(PDF_MEDIA_TYPE)
  @ApiOkResponse({
    description: 'the printable certificate: one A4 landscape page with a QR code of its public page, as a download',
    schema: { type: 'string', format: 'binary' },
  })
  @ApiNotFoundResponse({ description: CERTIFICATE_NOT_FOUND })
  async pdf(@Param() { id }: CertificateIdParam, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    const pdf = await this.certificates.pdf(id);
    void reply
      .header('Content-Type', PDF_MEDIA_TYPE)
      .header('Content-Disposition', `attachment; filename="certificate-${id}.pdf"`)
      .header('Cache-Control', 'no-cache');
    return pdf;
  }

  @Get('certificates/:id/credential')
  @ApiProduces(VC_JWT_MEDIA_TYPE)
  @ApiOkResponse({ description: 'the signed credential (a VC-JWT), as a download', schema: { type: 'string' } })
  @ApiNotFoundResponse({ description: CERTIFICATE_NOT_FOUND })
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
