import { Body, Controller, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '../../../common/decorators/current-user.decorator';
import { Roles } from '../../../common/decorators/roles.decorator';
import {
  AttachMediaDto,
  AttachMediaResponse,
  NodeDraftResponse,
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
import { VersionsService } from './versions.service';

/** Studio → node editor: edits go to the subject's draft overlay. */
@ApiTags('studio')
@ApiBearerAuth()
@Roles('studio')
@Controller('studio/nodes')
export class StudioNodesController {
  constructor(private readonly versions: VersionsService) {}

  @Get(':nodeId')
  @ApiOkResponse({ type: NodeDraftResponse })
  async get(@Param('nodeId') nodeId: string, @Query() q: SubjectParamQuery): Promise<NodeDraftResponse> {
    return toNodeDraftResponse(await this.versions.getNode(q.subject, nodeId));
  }

  @Put(':nodeId')
  @ApiOkResponse({ type: NodeDraftResponse, description: 'the saved draft' })
  async save(
    @Param('nodeId') nodeId: string,
    @Query() q: SubjectParamQuery,
    @Body() dto: SaveNodeDraftDto,
    @CurrentUser() user: AuthUser,
  ): Promise<NodeDraftResponse> {
    return toNodeDraftResponse(await this.versions.saveNode(q.subject, nodeId, dto, user.id));
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
  @ApiOkResponse({ type: VersionListResponse })
  async list(@Query() q: SubjectParamQuery): Promise<VersionListResponse> {
    const { subjectId, versions, hasOverlay } = await this.versions.listVersions(q.subject);
    return toVersionListResponse(subjectId, versions, hasOverlay);
  }

  @Post('publish')
  @HttpCode(200)
  @ApiOkResponse({ type: PublishVersionResponse, description: 'a new version (409 when there is nothing to publish)' })
  async publish(@Body() dto: SubjectBodyDto, @CurrentUser() user: AuthUser): Promise<PublishVersionResponse> {
    return toPublishVersionResponse(await this.versions.publish(dto.subjectId, user.id));
  }

  @Post('reset')
  @HttpCode(200)
  @ApiOkResponse({ type: ResetDraftResponse })
  async reset(@Body() dto: SubjectBodyDto): Promise<ResetDraftResponse> {
    return toResetDraftResponse(await this.versions.reset(dto.subjectId));
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
