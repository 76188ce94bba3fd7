import { Module } from '@nestjs/common';
import { ChallengeContentRepository } from './challenge-content.repository';
import { ChallengeContentService } from './challenge-content.service';

/**
 * Importing challenge content, alone: the content migration (worker and the first-start CLI) needs only
 * this, not the challenge API with its clock, rate limits and certificates.
 */
@Module({ providers: [ChallengeContentRepository, ChallengeContentService], exports: [ChallengeContentService] })
export class ChallengeContentModule {}
