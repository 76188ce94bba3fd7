import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '../../common/decorators/current-user.decorator';
import { Public } from '../../common/decorators/public.decorator';
import { CatalogService } from './catalog.service';
import { SubjectQuery, SubjectsQuery } from './dto/catalog.dto';
import { EntitlementsService } from './entitlements.service';

@ApiTags('catalog')
@Controller()
export class CatalogController {
  constructor(
    private readonly catalog: CatalogService,
    private readonly entitlements: EntitlementsService,
  ) {}

  @Public()
  @Get('subjects')
  subjects(@Query() q: SubjectsQuery) {
    return this.catalog.listSubjects(q.detailed === 'true');
  }

  @Public()
  @Get('marketplace/prices')
  prices() {
    return this.catalog.prices();
  }

  @Public()
  @Get('preview')
  preview(@Query() q: SubjectQuery) {
    return this.catalog.preview(q.subject);
  }

  @Public()
  @Get('preview/nodes/:id')
  previewNode(@Param('id') id: string, @Query() q: SubjectQuery) {
    return this.catalog.previewNode(q.subject, id);
  }

  @ApiBearerAuth()
  @Get('entitlements')
  listEntitlements(@CurrentUser() user: AuthUser) {
    return this.entitlements.listActive(user.id);
  }

  @ApiBearerAuth()
  @Get('purchases')
  purchases(@CurrentUser() user: AuthUser) {
    return this.entitlements.listPurchases(user.id);
  }
}
