import { Module } from '@nestjs/common';
import { CatalogContentRepository } from './catalog-content.repository';
import { CatalogContentService } from './catalog-content.service';

@Module({ providers: [CatalogContentRepository, CatalogContentService], exports: [CatalogContentService] })
export class CatalogModule {}
