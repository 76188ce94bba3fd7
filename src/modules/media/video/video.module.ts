import { Module } from '@nestjs/common';

/** Lecture videos: rendering each section's audio into a captioned mp4 on the `video` queue. */
@Module({})
export class VideoModule {}
