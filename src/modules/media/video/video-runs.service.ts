import { randomUUID } from 'node:crypto';
import { InjectQueue } from '@nestjs/bullmq';
import { ConflictException, Injectable, NotFoundException, type OnModuleDestroy } from '@nestjs/common';
import { type Job, Queue, QueueEvents } from 'bullmq';
import type Redis from 'ioredis';
import { withRedisLock } from '../../../common/redis/redis-lock';
import { InjectRedis } from '../../../common/redis/redis.module';
import { type AppConfig } from '../../../config/config';
import { InjectConfig } from '../../../config/config.module';
import { followJob, LazyQueueEvents, ndjsonLines } from '../../../queues/follow-job';
import { JOBS, QUEUES, type VideoRenderPayload } from '../../../queues/queues';
import { CatalogService } from '../../catalog/catalog.service';
import { GenerationJobsService } from '../../studio/jobs/generation-jobs.service';
import { TtsRepository } from '../tts/tts.repository';
import { DEFAULT_HEIGHT, DEFAULT_WIDTH, type VideoRenderDto } from './dto/video.dto';
import {
  currentOf,
  type VideoEvent,
  videoFinalEvent,
  videoItemEvent,
  videoItemsOf,
  type VideoResult,
  videoStartEvent,
} from './video-run';

type VideoJob = Job<VideoRenderPayload, unknown>;
const RUNNING = ['active', 'waiting', 'delayed', 'prioritized', 'paused', 'waiting-children'] as const;

/**
 * The API's side of TTS Video: it enqueues render runs on the `video` queue and follows them, as
 * TtsJobsService does for speech (the job's data gives `start`, its progress the items and the sections
 * rendering now, its result the end), so a closed browser does not stop a run and the same job id replays it.
 */
@Injectable()
export class VideoJobsService implements OnModuleDestroy {
  private readonly events: LazyQueueEvents;

  constructor(
    @InjectQueue(QUEUES.video) private readonly queue: Queue<VideoRenderPayload, unknown>,
    @InjectConfig() private readonly config: AppConfig,
    @InjectRedis() private readonly redis: Redis,
    private readonly catalog: CatalogService,
    private readonly sections: TtsRepository,
    private readonly jobs: GenerationJobsService,
  ) {
    this.events = new LazyQueueEvents(QUEUES.video, config.redis);
  }

  private queueEvents(): Promise<QueueEvents> {
    return this.events.get();
  }

  async onModuleDestroy() {
    await this.events.close();
  }

  /** Starts the subject's render run under `dto.jobId` (new when not given), or joins the run under that id. */
  async start(dto: VideoRenderDto, userId: string): Promise<string> {
    const subjectId = await this.catalog.resolveSubjectId(dto.subject, { anyState: true });
    if (!subjectId) throw new NotFoundException('Subject not found');
    const jobId = dto.jobId ?? `video-${randomUUID()}`;
    const existing = (await this.queue.getJob(jobId)) as VideoJob | undefined;
    if (existing) {
      if (existing.name !== JOBS.videoRender || existing.data.subjectId !== subjectId)
        throw new ConflictException(`The job id ${jobId} is taken by another run`);
      return jobId;
    }
    const payload: VideoRenderPayload = {
      subjectId,
      sectionIds: await this.sections.sectionIds(subjectId),
      width: dto.width ?? DEFAULT_WIDTH,
      height: dto.height ?? DEFAULT_HEIGHT,
      burnCaptions: dto.burnCaptions ?? false,
      requestedBy: userId,
    };
    const lockKey = `${this.config.redis.prefix}:video:start-lock:${subjectId}`;
    await withRedisLock(this.redis, lockKey, `A video run for ${subjectId} is being started`, async () => {
      const running = (await this.queue.getJobs([...RUNNING])) as VideoJob[];
      const other = running.find((j) => j?.data?.subjectId === subjectId && j.id !== jobId);
      if (other) throw new ConflictException(`A video run for ${subjectId} is already running (job ${other.id})`);
      await this.jobs.enqueue(this.queue, JOBS.videoRender, payload, { jobId, subjectId, requestedBy: userId });
    });
    return jobId;
  }

  /** Asks the run to stop (renders in flight are killed); false when it has ended already. */
  async cancel(jobId: string): Promise<{ cancelled: boolean }> {
    const job = (await this.queue.getJob(jobId)) as VideoJob | undefined;
    if (!job || job.name !== JOBS.videoRender) throw new NotFoundException('No such video run');
    const state = await job.getState();
    if (state === 'completed' || state === 'failed') return { cancelled: false };
    await this.jobs.requestCancel(jobId);
    return { cancelled: true };
  }

  /**
   * The run's events: `start`, `progress` while sections render, an `item` per finished section, then
   * `done` or `cancelled` (or `error` when the job failed for good). Replays, then follows live.
   */
  async *follow(jobId: string): AsyncGenerator<VideoEvent> {
    let sent = 0;
    let started = false;
    const percents = new Map<string, number>();
    for await (const { state, job } of followJob<VideoRenderPayload>(this.queue, await this.queueEvents(), jobId)) {
      if (!job || state === 'gone') {
        yield { type: 'error', message: 'The run is no longer known (removed)' };
        return;
      }
      if (!started) {
        yield videoStartEvent(jobId, job.data);
        started = true;
      }
      const result = state === 'completed' ? (job.returnvalue as VideoResult | null) : null;
      const items = videoItemsOf(result ?? job.progress);
      for (; sent < items.length; sent++) yield videoItemEvent(items, sent);
      if (!result)
        for (const c of currentOf(job.progress)) {
          if (percents.get(c.id) === c.percent) continue;
          percents.set(c.id, c.percent);
          yield { type: 'progress', id: c.id, percent: c.percent };
        }
      if (result) {
        yield videoFinalEvent(result);
        return;
      }
      if (state === 'failed') {
        yield { type: 'error', message: `The run failed: ${job.failedReason ?? 'unknown error'}` };
        return;
      }
    }
  }

  ndjson(jobId: string): AsyncGenerator<string> {
    return ndjsonLines(this.follow(jobId));
  }
}
