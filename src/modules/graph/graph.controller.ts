import { Get, Controller, Param, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiNotFoundResponse, ApiOkResponse, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SubjectId } from '../../common/decorators/subject-id.decorator';
import { AuthUser, CurrentUser } from '../../common/decorators/current-user.decorator';
import { RequiresEntitlement } from '../../common/guards/entitlement.guard';
import { GraphQuery, NodeDetailQuery, NodeIdParam } from './dto/graph.dto';
import { GraphService } from './graph.service';
import { GraphMasteryResponse, GraphResponse, NodeDetailResponse, NodeLectureResponse } from './graph-response';

/** Whether an If-None-Match header names this ETag (a list, weak forms and `*` included). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

/** The subject's graph and topic pages: paid content, so every route needs the entitlement. */
@ApiTags('graph')
@ApiBearerAuth()
@Controller('graph')
export class GraphController {
  constructor(private readonly graph: GraphService) {}

  /**
   * The same bytes for every learner of the subject until the next publish: sent pre-serialised with
   * an ETag, and 304 when the client has them (`private`: only after the entitlement check).
   */
  @RequiresEntitlement({ in: 'query', keys: ['subject'] })
  @ApiHeader({ name: 'If-None-Match', required: false })
  @ApiOkResponse({
    type: GraphResponse,
    headers: { ETag: { description: 'of these bytes; send it back in If-None-Match', schema: { type: 'string' } } },
  })
  @ApiResponse({ status: 304, description: 'the ETag sent in If-None-Match is current (no body)' })
  @Get()
  async list(
    @SubjectId({ query: GraphQuery }) subjectId: string,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const { etag, body } = await this.graph.graph(subjectId);
    reply.header('etag', etag).header('cache-control', 'private, no-cache');
    if (matches(req.headers['if-none-match'], etag)) {
      await reply.code(304).send();
      return;
    }
    await reply.type('application/json; charset=utf-8').send(body);
  }

  /** The caller's mastery per topic: the small per-user part of the graph page, kept out of the shared graph. */
  @RequiresEntitlement({ in: 'query', keys: ['subject'] })
  @ApiOkResponse({ type: GraphMasteryResponse })
  @Get('mastery')
  mastery(
    @SubjectId({ query: GraphQuery }) subjectId: string,
    @CurrentUser() user: AuthUser,
  ): Promise<GraphMasteryResponse> {
    return this.graph.masteryLevels(subjectId, user.id);
  }

  @RequiresEntitlement({ in: 'query', keys: ['subject'] })
  @ApiOkResponse({ type: NodeDetailResponse })
  @Get('nodes/:id')
  node(
    @Param() p: NodeIdParam,
    @Query() q: NodeDetailQuery,
    @CurrentUser() user: AuthUser,
    @SubjectId() subjectId: string,
  ): Promise<NodeDetailResponse> {
    return this.graph.node(user, subjectId, p.id, q.preview);
  }

  /**
   * The topic's lecture, played in the topic page's Video tab when the topic has no video of its own:
   * loaded when the tab opens, so the page itself costs nothing more.
   */
  @RequiresEntitlement({ in: 'query', keys: ['subject'] })
  @ApiOkResponse({ type: NodeLectureResponse })
  @ApiNotFoundResponse({ description: 'No lecture for this topic yet' })
  @Get('nodes/:id/lecture')
  lecture(
    @Param() p: NodeIdParam,
    @Query() _q: GraphQuery,
    @CurrentUser() user: AuthUser,
    @SubjectId() subjectId: string,
  ): Promise<NodeLectureResponse> {
    return this.graph.lecture(user, subjectId, p.id);
  }
}
