import { loadConfig, testClockEnabled } from '../../config/config';
import { OffsetClock } from './challenge-clock';
import type { ChallengesModule as ChallengesModuleClass } from './challenges.module';
import { TestClockController } from './test-clock.controller';

const prodEnv = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://u@localhost/db',
  JWT_SECRET: 'x'.repeat(40),
  PUBLIC_URL: 'https://learn.example',
  SMTP_URL: 'smtp://mail.example',
  MEDIA_URL_SECRET: 'y'.repeat(40),
};

describe('TEST_CLOCK', () => {
  it('is off unless asked for, and never on in production', () => {
    expect(testClockEnabled({ NODE_ENV: 'test' })).toBe(false);
    expect(testClockEnabled({ NODE_ENV: 'test', TEST_CLOCK: '' })).toBe(false);
    expect(testClockEnabled({ NODE_ENV: 'test', TEST_CLOCK: 'true' })).toBe(true);
    expect(testClockEnabled({ NODE_ENV: 'development', TEST_CLOCK: '1' })).toBe(true);
    expect(testClockEnabled({ TEST_CLOCK: 'true' })).toBe(false);
    expect(testClockEnabled({ NODE_ENV: 'production', TEST_CLOCK: 'true' })).toBe(false);
    expect(testClockEnabled({ NODE_ENV: 'test', TEST_CLOCK: 'maybe' })).toBe(false);
  });

  it('stops a production process at boot', () => {
    expect(() => loadConfig({ ...prodEnv, TEST_CLOCK: 'true' })).toThrow(/TEST_CLOCK: never in production/);
    const dev = { NODE_ENV: 'development', DATABASE_URL: prodEnv.DATABASE_URL };
    expect(loadConfig({ ...dev, TEST_CLOCK: 'true' }).testClock).toBe(true);
    expect(loadConfig(dev).testClock).toBe(false);
  });

  it('mounts PUT /api/test/clock only when enabled', () => {
    // the module asks testClockEnabled() when it is declared; which settings enable it is the first test's
    const controllersWith = (enabled: boolean) => {
      let controllers: unknown[] = [];
      jest.isolateModules(() => {
        jest.doMock('../../config/config', () => ({
          ...jest.requireActual<object>('../../config/config'),
          testClockEnabled: () => enabled,
        }));
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const { ChallengesModule } = require('./challenges.module') as {
          ChallengesModule: typeof ChallengesModuleClass;
        };
        controllers = Reflect.getMetadata('controllers', ChallengesModule) as unknown[];
      });
      jest.dontMock('../../config/config');
      return controllers.map((c) => (c as { name: string }).name);
    };
    expect(controllersWith(false)).not.toContain('TestClockController');
    expect(controllersWith(true)).toContain('TestClockController');
  });

  it('shifts the challenge clock by the offset', () => {
    const clock = new OffsetClock();
    const controller = new TestClockController(clock);
    const before = Date.now();
    const res = controller.set({ offsetMs: 86_400_000 });
    const shifted = clock.now().getTime();
    expect(res.offsetMs).toBe(86_400_000);
    expect(shifted - before).toBeGreaterThanOrEqual(86_400_000);
    expect(shifted - Date.now()).toBeLessThanOrEqual(86_400_000);
    expect(Date.parse(res.now)).toBeGreaterThanOrEqual(before + 86_400_000);
  });
});
