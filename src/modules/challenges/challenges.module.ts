import { Module } from '@nestjs/common';
import { ChallengeContentService } from './challenge-content.service';

@Module({ providers: [ChallengeContentService], exports: [ChallengeContentService] })
export class ChallengesModule {}
