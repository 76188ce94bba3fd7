import { Module } from '@nestjs/common';
import { UserDataRepository } from './user-data.repository';
import { UserDataService } from './user-data.service';

/**
 * What other modules may read or write of a user (existence, module unlocks, tags) without the
 * sign-in machinery: gating and checkout use it, and so do the worker and the content CLI,
 * which have no mail queue or rate limits.
 */
@Module({
  providers: [UserDataRepository, UserDataService],
  exports: [UserDataService],
})
export class UserDataModule {}
