import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiExtraModels, ApiOkResponse, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '../../common/decorators/current-user.decorator';
import { Public } from '../../common/decorators/public.decorator';
import { CatalogService } from './catalog.service';
import {
  CoursePreviewResponse,
  EntitlementResponse,
  PreviewNodeResponse,
  PricesResponse,
  PurchaseResponse,
  SubjectQuery,
  SubjectResponse,
  SubjectsQuery,
  SubjectsResponse,
  toCoursePreviewResponse,
  toEntitlementResponse,
  toPreviewNodeResponse,
  toPricesResponse,
  toPurchaseResponse,
  toSubjectsResponse,
} from './dto/catalog.dto';
import { EntitlementsService } from './entitlements.service';

@ApiTags('catalog')
@ApiExtraModels(SubjectResponse)
@Controller()
export class CatalogController {
  constructor(
    private readonly catalog: CatalogService,
    private readonly entitlements: EntitlementsService,
  ) {}

  @Public()
  @Get('subjects')
  @ApiOkResponse({
    description: 'published subjects in shop order: their ids, or the subjects themselves with `detailed=true`',
    schema: {
      oneOf: [
        { type: 'array', items: { type: 'string' }, example: ['vagus-nerve', 'ai-user'] },
        { type: 'array', items: { $ref: getSchemaPath(SubjectResponse) } },
      ],
    },
  })
  async subjects(@Query() q: SubjectsQuery): Promise<SubjectsResponse> {
    return toSubjectsResponse(await this.catalog.listSubjects(), q.detailed === 'true');
  }

  @Public()
  @Get('marketplace/prices')
  @ApiOkResponse({ type: PricesResponse })
  async prices(): Promise<PricesResponse> {
    return toPricesResponse(await this.catalog.prices());
  }

  @Public()
  @Get('preview')
  @ApiOkResponse({ type: CoursePreviewResponse })
  async preview(@Query() q: SubjectQuery): Promise<CoursePreviewResponse> {
    return toCoursePreviewResponse(await this.catalog.preview(q.subject));
  }

  @Public()
  @Get('preview/nodes/:id')
  @ApiOkResponse({ type: PreviewNodeResponse, description: 'a free sample lesson (403 for the others)' })
  async previewNode(@Param('id') id: string, @Query() q: SubjectQuery): Promise<PreviewNodeResponse> {
    return toPreviewNodeResponse(await this.catalog.previewNode(q.subject, id));
  }

  @ApiBearerAuth()
  @Get('entitlements')
  @ApiOkResponse({ type: [EntitlementResponse] })
  async listEntitlements(@CurrentUser() user: AuthUser): Promise<EntitlementResponse[]> {
    return (await this.entitlements.listActive(user.id)).map(toEntitlementResponse);
  }

  @ApiBearerAuth()
  @Get('purchases')
  @ApiOkResponse({ type: [PurchaseResponse] })
  async purchases(@CurrentUser() user: AuthUser): Promise<PurchaseResponse[]> {
    return (await this.entitlements.listPurchases(user.id)).map(toPurchaseResponse);
  }
}
