import { Body, Controller, Get, Headers, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AuthUser, CurrentUser } from '../../../common/decorators/current-user.decorator';
import { Roles } from '../../../common/decorators/roles.decorator';
import {
  AttachMediaDto,
  AttachMediaResponse,
  CreateNodeDto,
  FieldErrorResponse,
  NodeDraftConflictResponse,
  NodeDraftResponse,
  NodeIdPathParam,
  OutlineConflictResponse,
  OutlineResponse,
  RetireNodeResponse,
  SaveOutlineDto,
  toOutlineResponse,
  toRetireNodeResponse,
  VersionsConflictResponse,
  PublishVersionResponse,
  ResetDraftResponse,
  SaveNodeDraftDto,
  SubjectBodyDto,
  SubjectParamQuery,
  toAttachMediaResponse,
  toNodeDraftResponse,
  toPublishVersionResponse,
  toResetDraftResponse,
  toVersionListResponse,
  VersionListResponse,
} from './dto/versions.dto';
import { DraftsService } from './drafts.service';
import { VersionsService } from './versions.service';

const ETAG_HEADER = {
  ETag: { description: 'of this draft; send it back as If-Match', schema: { type: 'string' } },
};
const IF_MATCH = { name: 'If-Match', required: true, description: 'the ETag the change is based on' };

/** Studio → node editor and outline: edits go to the subject's draft overlay, each against the ETag it read. */
@ApiTags('studio')
@ApiBearerAuth()
@Roles('studio')
@Controller('studio/nodes')
export class StudioNodesController {
  constructor(private readonly drafts: DraftsService) {}

  @Post()
  @HttpCode(201)
  @ApiCreatedResponse({ type: NodeDraftResponse, headers: ETAG_HEADER, description: 'the new draft topic' })
  @ApiResponse({ status: 409, description: 'the id is taken' })
  async create(
    @Query() q: SubjectParamQuery,
    @Body() dto: CreateNodeDto,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<NodeDraftResponse> {
    const draft = await this.drafts.createNode(q.subject, dto, user.id);
    reply.header('etag', draft.etag);
    return toNodeDraftResponse(draft);
  }

  @Get(':nodeId')
  @ApiOkResponse({ type: NodeDraftResponse, headers: ETAG_HEADER })
  async get(
    @Param() p: NodeIdPathParam,
    @Query() q: SubjectParamQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<NodeDraftResponse> {
    const draft = await this.drafts.getNode(q.subject, p.nodeId);
    reply.header('etag', draft.etag);
    return toNodeDraftResponse(draft);
  }

  @Put(':nodeId')
  @ApiHeader(IF_MATCH)
  @ApiOkResponse({ type: NodeDraftResponse, headers: ETAG_HEADER, description: 'the saved draft' })
  @ApiBadRequestResponse({ type: FieldErrorResponse, description: '`field` names the refused field' })
  @ApiResponse({ status: 412, type: NodeDraftConflictResponse, description: 'someone saved since: `current`' })
  @ApiResponse({ status: 428, description: 'no If-Match' })
  async save(
    @Param() p: NodeIdPathParam,
    @Query() q: SubjectParamQuery,
    @Body() dto: SaveNodeDraftDto,
    @Headers('if-match') ifMatch: string | undefined,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<NodeDraftResponse> {
    const draft = await this.drafts.saveNode(q.subject, p.nodeId, dto, ifMatch, user.id);
    reply.header('etag', draft.etag);
    return toNodeDraftResponse(draft);
  }

  @Post(':nodeId/retire')
  @HttpCode(200)
  @ApiOkResponse({ type: RetireNodeResponse, headers: ETAG_HEADER })
  async retire(
    @Param() p: NodeIdPathParam,
    @Query() q: SubjectParamQuery,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<RetireNodeResponse> {
    const { draft, droppedFrom } = await this.drafts.setRetired(q.subject, p.nodeId, true, user.id);
    reply.header('etag', draft.etag);
    return toRetireNodeResponse(draft, droppedFrom);
  }

  @Post(':nodeId/restore')
  @HttpCode(200)
  @ApiOkResponse({ type: RetireNodeResponse, headers: ETAG_HEADER })
  async restore(
    @Param() p: NodeIdPathParam,
    @Query() q: SubjectParamQuery,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<RetireNodeResponse> {
    const { draft, droppedFrom } = await this.drafts.setRetired(q.subject, p.nodeId, false, user.id);
    reply.header('etag', draft.etag);
    return toRetireNodeResponse(draft, droppedFrom);
  }
}

/** Studio → Subjects → outline: modules and topics in reading order, moved and reordered in the draft. */
@ApiTags('studio')
@ApiBearerAuth()
@Roles('studio')
@Controller('studio/outline')
export class StudioOutlineController {
  constructor(private readonly drafts: DraftsService) {}

  @Get()
  @ApiOkResponse({ type: OutlineResponse, headers: ETAG_HEADER })
  async get(@Query() q: SubjectParamQuery, @Res({ passthrough: true }) reply: FastifyReply): Promise<OutlineResponse> {
    const outline = await this.drafts.outline(q.subject);
    reply.header('etag', outline.etag);
    return toOutlineResponse(outline);
  }

  @Put()
  @ApiHeader(IF_MATCH)
  @ApiOkResponse({ type: OutlineResponse, headers: ETAG_HEADER, description: 'the new outline' })
  @ApiResponse({ status: 412, type: OutlineConflictResponse, description: 'the outline changed since: `current`' })
  @ApiResponse({ status: 428, description: 'no If-Match' })
  async save(
    @Query() q: SubjectParamQuery,
    @Body() dto: SaveOutlineDto,
    @Headers('if-match') ifMatch: string | undefined,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<OutlineResponse> {
    const outline = await this.drafts.saveOutline(q.subject, dto, ifMatch, user.id);
    reply.header('etag', outline.etag);
    return toOutlineResponse(outline);
  }
}

/** Studio → Versions: the version list, publishing the overlay and discarding it. */
@ApiTags('studio')
@ApiBearerAuth()
@Roles('studio')
@Controller('studio/versions')
export class StudioVersionsController {
  constructor(private readonly versions: VersionsService) {}

  @Get()
  @ApiOkResponse({ type: VersionListResponse, headers: ETAG_HEADER })
  async list(
    @Query() q: SubjectParamQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<VersionListResponse> {
    const { subjectId, versions, hasOverlay, etag } = await this.versions.listVersions(q.subject);
    reply.header('etag', etag);
    return toVersionListResponse(subjectId, versions, hasOverlay, etag);
  }

  @Post('publish')
  @HttpCode(200)
  @ApiHeader({ ...IF_MATCH, required: false, description: "the draft's ETag the Versions screen showed" })
  @ApiOkResponse({ type: PublishVersionResponse, description: 'a new version (409 when there is nothing to publish)' })
  @ApiResponse({ status: 412, type: VersionsConflictResponse, description: 'the draft changed since: `current`' })
  async publish(
    @Body() dto: SubjectBodyDto,
    @Headers('if-match') ifMatch: string | undefined,
    @CurrentUser() user: AuthUser,
  ): Promise<PublishVersionResponse> {
    return toPublishVersionResponse(await this.versions.publish(dto.subjectId, user.id, ifMatch));
  }

  @Post('reset')
  @HttpCode(200)
  @ApiOkResponse({ type: ResetDraftResponse })
  async reset(@Body() dto: SubjectBodyDto, @CurrentUser() user: AuthUser): Promise<ResetDraftResponse> {
    return toResetDraftResponse(await this.versions.reset(dto.subjectId, user.id));
  }
}

/** Studio → Subjects: "Publish Latest Draft", the same as publishing from the Versions screen. */
@ApiTags('studio')
@ApiBearerAuth()
@Roles('studio')
@Controller('graph')
export class PublishDraftController {
  constructor(private readonly versions: VersionsService) {}

  @Post('publish-draft')
  @HttpCode(200)
  @ApiOkResponse({ type: PublishVersionResponse, description: 'a new version (409 when there is nothing to publish)' })
  async publishDraft(@Body() dto: SubjectBodyDto, @CurrentUser() user: AuthUser): Promise<PublishVersionResponse> {
    return toPublishVersionResponse(await this.versions.publish(dto.subjectId, user.id));
  }
}

/**
 * Studio → Media Manager → attach: a library video becomes a topic's, in the draft overlay. Served here, beside
 * the draft it writes, under the Media Manager's path (its list and uploads are media/admin's).
 */
@ApiTags('studio')
@ApiBearerAuth()
@Roles('studio')
@Controller('admin/media')
export class NodeVideoController {
  constructor(private readonly versions: VersionsService) {}

  @Post('attach')
  @HttpCode(200)
  // the id the operation had when media/admin served it: the generated client contract is unchanged
  @ApiOperation({ operationId: 'MediaAdminController_attach' })
  @ApiOkResponse({ type: AttachMediaResponse })
  async attach(@Body() dto: AttachMediaDto, @CurrentUser() user: AuthUser): Promise<AttachMediaResponse> {
    return toAttachMediaResponse(await this.versions.attachVideo(dto.subjectId, dto.nodeId, dto.url, user.id));
  }
}
