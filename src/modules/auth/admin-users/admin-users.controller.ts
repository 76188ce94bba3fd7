import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { type AuthUser, CurrentUser } from '../../../common/decorators/current-user.decorator';
import { Roles } from '../../../common/decorators/roles.decorator';
import { contentRange, parseRaListQuery } from '../../../common/http/ra-list';
import { AdminUsersService } from './admin-users.service';
import {
  AddTagDto,
  SetRolesDto,
  SetTagVisibilityDto,
  TagDto,
  toUserResponse,
  toUserTagResponse,
  toUserUnlockResponse,
  UnlockDto,
  UnlockListQuery,
  USER_LIST,
  UserIdParam,
  UserListQueryDto,
  UserResponse,
  UserTagResponse,
  UserUnlockResponse,
} from './dto/admin-users.dto';

/**
 * Studio → Users: every account as a react-admin resource (`users`, ra-data-simple-rest), and each
 * user's roles, tags and module unlocks. People and access are the admin role's, not studio's.
 */
@ApiTags('admin')
@ApiBearerAuth()
@ApiForbiddenResponse({ description: 'the caller lacks the admin role' })
@Roles('admin')
@Controller('admin/users')
export class AdminUsersController {
  constructor(private readonly users: AdminUsersService) {}

  @Get()
  @ApiOkResponse({
    type: [UserResponse],
    description: 'with a `Content-Range: users <first>-<last>/<total>` header',
  })
  async list(@Query() dto: UserListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<UserResponse[]> {
    const { sort, range, filter } = parseRaListQuery(USER_LIST, dto);
    const { rows, total } = await this.users.list({
      sort: sort.field,
      order: sort.order,
      offset: range.start,
      limit: range.limit,
      q: filter.q,
      ids: filter.id,
    });
    void reply.header('Content-Range', contentRange(USER_LIST.resource, range.start, rows.length, total));
    return rows.map(toUserResponse);
  }

  @Get(':id')
  @ApiOkResponse({ type: UserResponse })
  @ApiNotFoundResponse({ description: '`User not found`' })
  async get(@Param() { id }: UserIdParam): Promise<UserResponse> {
    return toUserResponse(await this.users.get(id));
  }

  /** Replaces the user's roles; the user's next request already carries them (no sign-out). */
  @Put(':id/roles')
  @ApiOkResponse({ type: UserResponse, description: 'the user with the new roles' })
  @ApiBadRequestResponse({ description: 'an unknown role, a role named twice, or no role' })
  @ApiNotFoundResponse({ description: '`User not found`' })
  @ApiConflictResponse({ description: 'the change would leave no admin' })
  async setRoles(
    @Param() { id }: UserIdParam,
    @Body() dto: SetRolesDto,
    @CurrentUser() actor: AuthUser,
  ): Promise<UserResponse> {
    return toUserResponse(await this.users.setRoles(actor.id, id, dto.roles));
  }

  @Get(':id/tags')
  @ApiOkResponse({ type: [UserTagResponse], description: 'oldest first' })
  @ApiNotFoundResponse({ description: '`User not found`' })
  async tags(@Param() { id }: UserIdParam): Promise<UserTagResponse[]> {
    return (await this.users.tags(id)).map(toUserTagResponse);
  }

  /** Idempotent: adding a tag the user has answers the same, and writes no second audit entry. */
  @Post(':id/tags')
  @ApiCreatedResponse({ type: UserTagResponse, description: 'the user has the tag (added now or before)' })
  @ApiBadRequestResponse({ description: 'a blank tag, or longer than 64 characters' })
  @ApiNotFoundResponse({ description: '`User not found`' })
  async addTag(
    @Param() { id }: UserIdParam,
    @Body() dto: AddTagDto,
    @CurrentUser() actor: AuthUser,
  ): Promise<UserTagResponse> {
    return toUserTagResponse((await this.users.addTag(actor.id, id, dto.tag, dto.learnerVisible ?? false)).row);
  }

  /** Shows or hides a tag from its learner (`GET /api/me/tags`); setting it as it is writes no audit entry. */
  @Put(':id/tags')
  @ApiOkResponse({ type: UserTagResponse, description: 'the tag with its new visibility' })
  @ApiBadRequestResponse({ description: 'a blank tag, or learnerVisible missing or not a boolean' })
  @ApiNotFoundResponse({ description: 'no such user, or the user has no such tag' })
  async setTagVisibility(
    @Param() { id }: UserIdParam,
    @Body() dto: SetTagVisibilityDto,
    @CurrentUser() actor: AuthUser,
  ): Promise<UserTagResponse> {
    return toUserTagResponse(await this.users.setTagVisibility(actor.id, id, dto.tag, dto.learnerVisible));
  }

  @Delete(':id/tags')
  @ApiOkResponse({ type: UserTagResponse, description: 'the removed tag' })
  @ApiNotFoundResponse({ description: 'no such user, or the user has no such tag' })
  async removeTag(
    @Param() { id }: UserIdParam,
    @Body() dto: TagDto,
    @CurrentUser() actor: AuthUser,
  ): Promise<UserTagResponse> {
    return toUserTagResponse(await this.users.removeTag(actor.id, id, dto.tag));
  }

  @Get(':id/unlocks')
  @ApiOkResponse({ type: [UserUnlockResponse], description: 'by subject, then oldest first' })
  @ApiNotFoundResponse({ description: '`User not found`' })
  async unlocks(@Param() { id }: UserIdParam, @Query() q: UnlockListQuery): Promise<UserUnlockResponse[]> {
    return (await this.users.unlocks(id, q.subjectId)).map(toUserUnlockResponse);
  }

  /** Idempotent, as adding a tag is. */
  @Post(':id/unlocks')
  @ApiCreatedResponse({ type: UserUnlockResponse, description: 'the module is unlocked (now or before)' })
  @ApiBadRequestResponse({ description: 'an unknown subject, or a module that is not one of the subject' })
  @ApiNotFoundResponse({ description: '`User not found`' })
  async addUnlock(
    @Param() { id }: UserIdParam,
    @Body() dto: UnlockDto,
    @CurrentUser() actor: AuthUser,
  ): Promise<UserUnlockResponse> {
    return toUserUnlockResponse((await this.users.addUnlock(actor.id, id, dto.subjectId, dto.moduleId)).row);
  }

  @Delete(':id/unlocks')
  @ApiOkResponse({ type: UserUnlockResponse, description: 'the removed unlock' })
  @ApiNotFoundResponse({ description: 'no such user, or the module is not unlocked for the user' })
  async removeUnlock(
    @Param() { id }: UserIdParam,
    @Body() dto: UnlockDto,
    @CurrentUser() actor: AuthUser,
  ): Promise<UserUnlockResponse> {
    return toUserUnlockResponse(await this.users.removeUnlock(actor.id, id, dto.subjectId, dto.moduleId));
  }
}
