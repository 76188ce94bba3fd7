import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { SubjectId } from '../../../common/decorators/subject-id.decorator';
import { AuthUser, CurrentUser } from '../../../common/decorators/current-user.decorator';
import { RequiresEntitlement } from '../../../common/guards/entitlement.guard';
import { TutorVariantDto, TutorVariantResponse } from './dto/tutor.dto';
import { TutorService } from './tutor.service';

@ApiTags('tutor')
@ApiBearerAuth()
@Controller('tutor')
export class TutorController {
  constructor(private readonly tutor: TutorService) {}

  /** One of the topic page's AI tutor buttons: an answer about the node, with the sources it drew on. */
  @RequiresEntitlement({ in: 'body', keys: ['subject', 'subjectId'] })
  @Post('variant')
  @HttpCode(200)
  @ApiOkResponse({ type: TutorVariantResponse })
  variant(
    @Body() dto: TutorVariantDto,
    @CurrentUser() user: AuthUser,
    @SubjectId() subjectId: string,
  ): Promise<TutorVariantResponse> {
    return this.tutor.variant(user.id, subjectId, dto.nodeId, dto.action);
  }
}
