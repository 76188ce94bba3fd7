import { Module } from '@nestjs/common';
import { LectureContentService } from './lecture-content.service';

@Module({ providers: [LectureContentService], exports: [LectureContentService] })
export class MediaModule {}
