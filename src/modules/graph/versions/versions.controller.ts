import { Body, Controller, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '../../../common/decorators/current-user.decorator';
import { Roles } from '../../../common/decorators/roles.decorator';
import { SaveNodeDraftDto, SubjectBodyDto, SubjectParamQuery } from './dto/versions.dto';
import { VersionsService } from './versions.service';

/** Studio → node editor: edits go to the subject's draft overlay. */
@ApiTags('studio')
@ApiBearerAuth()
@Roles('studio')
@Controller('studio/nodes')
export class StudioNodesController {
  constructor(private readonly versions: VersionsService) {}

  @Get(':nodeId')
  get(@Param('nodeId') nodeId: string, @Query() q: SubjectParamQuery) {
    return this.versions.getNode(q.subject, nodeId);
  }

  @Put(':nodeId')
  save(
    @Param('nodeId') nodeId: string,
    @Query() q: SubjectParamQuery,
    @Body() dto: SaveNodeDraftDto,
    @CurrentUser() user: AuthUser,
  ) {
    return this.versions.saveNode(q.subject, nodeId, dto, user.id);
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
  list(@Query() q: SubjectParamQuery) {
    return this.versions.listVersions(q.subject);
  }

  @Post('publish')
  @HttpCode(200)
  publish(@Body() dto: SubjectBodyDto, @CurrentUser() user: AuthUser) {
    return this.versions.publish(dto.subjectId, user.id);
  }

  @Post('reset')
  @HttpCode(200)
  reset(@Body() dto: SubjectBodyDto) {
    return this.versions.reset(dto.subjectId);
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
  publishDraft(@Body() dto: SubjectBodyDto, @CurrentUser() user: AuthUser) {
    return this.versions.publish(dto.subjectId, user.id);
  }
}
