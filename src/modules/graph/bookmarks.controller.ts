import { Body, Controller, Delete, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { SubjectId } from '../../common/decorators/subject-id.decorator';
import { AuthUser, CurrentUser } from '../../common/decorators/current-user.decorator';
import { RequiresEntitlement } from '../../common/guards/entitlement.guard';
import { BookmarkDto, BookmarkResponse, BookmarksQuery } from './dto/bookmarks.dto';
import { BookmarksService } from './bookmarks.service';

@ApiTags('bookmarks')
@ApiBearerAuth()
@Controller('bookmarks')
export class BookmarksController {
  constructor(private readonly bookmarks: BookmarksService) {}

  @Get()
  @ApiOkResponse({ type: [BookmarkResponse], description: 'newest first' })
  list(@CurrentUser() user: AuthUser, @Query() q: BookmarksQuery): Promise<BookmarkResponse[]> {
    return this.bookmarks.list(user.id, q.subjectId);
  }

  /** 201 with the new bookmark, 200 with the existing one when the topic was already bookmarked. */
  @RequiresEntitlement({ in: 'body', keys: ['subjectId'] })
  @Post()
  @ApiCreatedResponse({ type: BookmarkResponse, description: 'bookmarked now' })
  @ApiOkResponse({ type: BookmarkResponse, description: 'the topic was already bookmarked: the existing bookmark' })
  async add(
    @CurrentUser() user: AuthUser,
    @Body() dto: BookmarkDto,
    @SubjectId() subjectId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<BookmarkResponse> {
    const { created, bookmark } = await this.bookmarks.add(user.id, subjectId, dto.nodeId);
    if (!created) reply.status(200);
    return bookmark;
  }

  @Delete()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'the topic is not bookmarked (now or before)' })
  async remove(@CurrentUser() user: AuthUser, @Query() q: BookmarkDto): Promise<void> {
    await this.bookmarks.remove(user.id, q.subjectId, q.nodeId);
  }
}
