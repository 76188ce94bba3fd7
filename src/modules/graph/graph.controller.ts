import { Get, Controller, Param, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
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
  list(@Query() _q: GraphQuery, @CurrentUser() user: AuthUser, @Req() req: { subjectId: string }) {
    return this.graph.graph(req.subjectId, user.id);
  }

  @RequiresEntitlement({ in: 'query', keys: ['subject'] })
  @Get('nodes/:id')
  node(@Param() p: NodeIdParam, @Query() q: NodeDetailQuery, @CurrentUser() user: AuthUser, @Req() req: { subjectId: string }) {
    return this.graph.node(user, req.subjectId, p.id, q.preview);
  }
}
