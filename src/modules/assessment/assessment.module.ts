import { Module } from '@nestjs/common';
import { AssessmentContentRepository } from './assessment-content.repository';
import { AssessmentContentService } from './assessment-content.service';

@Module({ providers: [AssessmentContentRepository, AssessmentContentService], exports: [AssessmentContentService] })
export class AssessmentModule {}
