import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthUser, CurrentUser } from '../../common/decorators/current-user.decorator';
import { Public, PublicWithOptionalUser } from '../../common/decorators/public.decorator';
import {
  MediaListDto,
  MediaStreamQuery,
  MediaSubjectQuery,
  SignedMediaQuery,
  TtsScriptSectionDto,
} from './dto/media.dto';
import { MediaDeliveryService } from './media-delivery.service';
import { ApiMediaFileResponses, streamMediaFile } from './media-stream';

/** The media library for learners: listing with signed URLs, and the streams. */
@ApiTags('media')
@Controller('media')
export class MediaController {
  constructor(private readonly delivery: MediaDeliveryService) {}

  @Get('secure')
  @ApiBearerAuth()
  @PublicWithOptionalUser()
  @ApiOkResponse({ type: MediaListDto })
  list(@Query() q: MediaSubjectQuery, @CurrentUser() user: AuthUser | undefined): Promise<MediaListDto> {
    return this.delivery.listFiles(q.subject, user);
  }

  @Get('secure/stream')
  @ApiBearerAuth()
  @PublicWithOptionalUser()
  @ApiMediaFileResponses()
  async stream(
    @Query() q: MediaStreamQuery,
    @CurrentUser() user: AuthUser | undefined,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await streamMediaFile(req, reply, await this.delivery.streamTarget(q.subject, q.file, user));
  }

  /** A signed URL: media elements cannot send a bearer token, so the URL itself is the grant. */
  @Get('file/:subject/:file')
  @Public()
  @ApiMediaFileResponses()
  async file(
    @Param('subject') subject: string,
    @Param('file') file: string,
    @Query() q: SignedMediaQuery,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await streamMediaFile(req, reply, this.delivery.signedTarget(subject, file, q));
  }
}

/** The lecture scripts at the product's own origin, outside /api (the old product's path, kept). */
@ApiTags('media')
@Controller('media')
export class TtsScriptsController {
  constructor(private readonly delivery: MediaDeliveryService) {}

  @Get(':subject/tts_scripts.json')
  @ApiBearerAuth()
  @PublicWithOptionalUser()
  @ApiOkResponse({ type: [TtsScriptSectionDto] })
  scripts(
    @Param('subject') subject: string,
    @CurrentUser() user: AuthUser | undefined,
  ): Promise<TtsScriptSectionDto[]> {
    return this.delivery.ttsScripts(subject, user);
  }
}
