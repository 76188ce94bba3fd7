import { Module } from '@nestjs/common';
import { ChallengeContentService } from './challenge-content.service';

/**
 * Importing challenge content, alone: the content migration (worker and the first-start CLI) needs only
 * this, not the challenge API with its clock, rate limits and certificates.
 */
@Module({ providers: [ChallengeContentService], exports: [ChallengeContentService] })
export class ChallengeContentModule {}
