import { Global, Module } from '@nestjs/common';
import { AccessView } from './access-view';

/** The Redis-held session + entitlement view (see AccessView), for the guards and whoever invalidates it. */
@Global()
@Module({
  providers: [AccessView],
  exports: [AccessView],
})
export class AccessViewModule {}
