import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { SubjectId } from '../../common/decorators/subject-id.decorator';
import { AuthUser, CurrentUser } from '../../common/decorators/current-user.decorator';
import { RequiresEntitlement } from '../../common/guards/entitlement.guard';
import { CreateNoteDto, NoteIdParam, NoteResponse, NotesQuery, UpdateNoteDto } from './dto/notes.dto';
import { NotesService } from './notes.service';

@ApiTags('notes')
@ApiBearerAuth()
@Controller('notes')
export class NotesController {
  constructor(private readonly notes: NotesService) {}

  @Get()
  @ApiOkResponse({ type: [NoteResponse], description: 'newest first' })
  list(@CurrentUser() user: AuthUser, @Query() q: NotesQuery): Promise<NoteResponse[]> {
    return this.notes.list(user.id, q.subjectId);
  }

  @RequiresEntitlement({ in: 'body', keys: ['subjectId'] })
  @Post()
  @ApiCreatedResponse({ type: NoteResponse })
  create(
    @CurrentUser() user: AuthUser,
    @Body() dto: CreateNoteDto,
    @SubjectId() subjectId: string,
  ): Promise<NoteResponse> {
    return this.notes.create(user.id, subjectId, dto.nodeId, dto.text);
  }

  @Put(':id')
  @ApiOkResponse({ type: NoteResponse })
  update(@CurrentUser() user: AuthUser, @Param() p: NoteIdParam, @Body() dto: UpdateNoteDto): Promise<NoteResponse> {
    return this.notes.update(user.id, p.id, dto.text);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'deleted' })
  async remove(@CurrentUser() user: AuthUser, @Param() p: NoteIdParam): Promise<void> {
    await this.notes.remove(user.id, p.id);
  }
}
