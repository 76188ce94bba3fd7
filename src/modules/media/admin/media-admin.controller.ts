import { Controller, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiPayloadTooLargeResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AuthUser, CurrentUser } from '../../../common/decorators/current-user.decorator';
import { Roles } from '../../../common/decorators/roles.decorator';
import { contentRange, parseRaListQuery } from '../../../common/http/ra-list';
import { MEDIA_LIST, MediaAdminRow, MediaListQueryDto, UPLOAD_BODY_SCHEMA } from './dto/media-admin.dto';
import { MediaAdminService } from './media-admin.service';
import { receiveVideoUpload } from './video-upload';

/**
 * Studio → Media Manager: the subject's videos as a react-admin resource (`media`, ra-data-simple-rest) and
 * uploads. Attaching one to a topic is the graph's (graph/versions NodeVideoController, same path prefix).
 */
@ApiTags('studio')
@ApiBearerAuth()
@Roles('studio')
@Controller('admin/media')
export class MediaAdminController {
  constructor(private readonly admin: MediaAdminService) {}

  @Get()
  @ApiOkResponse({
    type: [MediaAdminRow],
    description: 'the video files of `filter.subjectId`, with a `Content-Range: media <first>-<last>/<total>` header',
  })
  async list(
    @Query() dto: MediaListQueryDto,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<MediaAdminRow[]> {
    const { sort, range, filter } = parseRaListQuery(MEDIA_LIST, dto);
    const { rows, total } = await this.admin.list(
      filter.subjectId,
      { sort: sort.field, order: sort.order, offset: range.start, limit: range.limit },
      user.id,
    );
    void reply.header('Content-Range', contentRange(MEDIA_LIST.resource, range.start, rows.length, total));
    return rows;
  }

  /** An mp4 or WebM video into the subject's library (multipart: `subjectId`, then `file`). */
  @Post()
  @HttpCode(201)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: UPLOAD_BODY_SCHEMA })
  @ApiCreatedResponse({ type: MediaAdminRow })
  @ApiBadRequestResponse({ description: '`Not a video file`, or a malformed form' })
  @ApiPayloadTooLargeResponse({ description: 'larger than MEDIA_UPLOAD_MAX_BYTES' })
  async upload(@Req() req: FastifyRequest, @CurrentUser() user: AuthUser): Promise<MediaAdminRow> {
    const upload = await receiveVideoUpload(req, {
      maxBytes: this.admin.uploadMaxBytes,
      resolveSubject: (input) => this.admin.subjectId(input),
    });
    try {
      return await this.admin.addUpload(upload.subjectId, upload.path, upload.originalName, user.id);
    } finally {
      await upload.remove();
    }
  }
}
