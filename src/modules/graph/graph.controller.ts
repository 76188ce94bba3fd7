import { Get, Controller, Param, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { SubjectId } from '../../common/decorators/subject-id.decorator';
import { AuthUser, CurrentUser } from '../../common/decorators/current-user.decorator';
import { RequiresEntitlement } from '../../common/guards/entitlement.guard';
import { GraphQuery, NodeDetailQuery, NodeIdParam } from './dto/graph.dto';
import { GraphService } from './graph.service';

/** The subject's graph and topic pages: paid content, so every route needs the entitlement. */
@ApiTags('graph')
@ApiBearerAuth()
@Controller('graph')
export class GraphController {
  constructor(private readonly graph: GraphService) {}

  @RequiresEntitlement({ in: 'query', keys: ['subject'] })
  @Get()
  list(@SubjectId({ query: GraphQuery }) subjectId: string, @CurrentUser() user: AuthUser) {
    return this.graph.graph(subjectId, user.id);
  }

  @RequiresEntitlement({ in: 'query', keys: ['subject'] })
  @Get('nodes/:id')
  node(
    @Param() p: NodeIdParam,
    @Query() q: NodeDetailQuery,
    @CurrentUser() user: AuthUser,
    @SubjectId() subjectId: string,
  ) {
    return this.graph.node(user, subjectId, p.id, q.preview);
  }
}
