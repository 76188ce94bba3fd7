import { Body, Controller, Inject, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiExcludeController } from '@nestjs/swagger';
import { Roles } from '../../common/decorators/roles.decorator';
import { CHALLENGE_CLOCK, type ChallengeClock } from './challenge-clock';
import { TestClockDto, TestClockResponse } from './dto/review.dto';

/**
 * Browser tests only: shifts the challenge clock of this API process so a test can open tomorrow's day.
 * Mounted only with TEST_CLOCK=true, which production refuses at boot (challenges.module.ts).
 */
@ApiExcludeController()
@ApiBearerAuth()
@Roles('admin')
@Controller('test/clock')
export class TestClockController {
  constructor(@Inject(CHALLENGE_CLOCK) private readonly clock: ChallengeClock) {}

  @Put()
  set(@Body() dto: TestClockDto): TestClockResponse {
    const offsetMs = dto.offsetMs;
    this.clock.now = () => new Date(Date.now() + offsetMs);
    return { offsetMs, now: this.clock.now().toISOString() };
  }
}
