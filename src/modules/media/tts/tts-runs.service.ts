import { randomUUID } from 'node:crypto';
import { InjectQueue } from '@nestjs/bullmq';
import {
  ConflictException,
  GatewayTimeoutException,
  HttpException,
  HttpStatus,
  Injectable,
  NotFoundException,
  type OnModuleDestroy,
} from '@nestjs/common';
import { type Job, Queue, QueueEvents } from 'bullmq';
import type Redis from 'ioredis';
import { withRedisLock } from '../../../common/redis/redis-lock';
import { InjectRedis } from '../../../common/redis/redis.module';
import { type AppConfig } from '../../../config/config';
import { InjectConfig } from '../../../config/config.module';
import { DEFAULT_JOB_OPTIONS, JOBS, QUEUES, type TtsBulkPayload, type TtsSectionPayload } from '../../../queues/queues';
import { followJob, LazyQueueEvents, ndjsonLines } from '../../../queues/follow-job';
import { CatalogService } from '../../catalog/catalog.service';
import { GenerationJobsService } from '../../studio/jobs/generation-jobs.service';
import { SectionSynthesizer } from '../speech/section-synthesizer';
import {
  finalEvent,
  itemEvent,
  itemsOf,
  startEvent,
  type TtsBulkEvent,
  type TtsBulkItem,
  type TtsBulkResult,
} from './bulk-run';
import type { BulkResultResponse, BulkSynthesisDto } from './dto/bulk-synthesis.dto';
import type { SynthesizeDto, SynthesizeResponse } from './dto/synthesize.dto';
import { TtsRepository } from './tts.repository';

type TtsPayload = TtsBulkPayload | TtsSectionPayload;
type TtsJob = Job<TtsPayload, unknown>;

const SECTION_WAIT_MS = 3 * 60 * 1000;
const BULK_WAIT_MS = 30 * 60 * 1000;
const RUNNING = ['active', 'waiting', 'delayed', 'prioritized', 'paused', 'waiting-children'] as const;

/**
 * The API's side of text-to-speech: it enqueues runs on the `tts` queue and follows them. A bulk run's
 * events are read from the job itself (its data gives the start, its progress every item so far, its
 * result the end), woken by QueueEvents: a closed browser does not stop the run, and anyone who asks
 * for the same job id, during or after it, sees the same events from the beginning.
 */
@Injectable()
export class TtsJobsService implements OnModuleDestroy {
  private readonly events: LazyQueueEvents;

  constructor(
    @InjectQueue(QUEUES.tts) private readonly queue: Queue<TtsPayload, unknown>,
    @InjectConfig() private readonly config: AppConfig,
    @InjectRedis() private readonly redis: Redis,
    private readonly catalog: CatalogService,
    private readonly synthesizer: SectionSynthesizer,
    private readonly repo: TtsRepository,
    private readonly jobs: GenerationJobsService,
  ) {
    this.events = new LazyQueueEvents(QUEUES.tts, config.redis);
  }

  private queueEvents(): Promise<QueueEvents> {
    return this.events.get();
  }

  async onModuleDestroy() {
    await this.events.close();
  }

  /** The subject's id (by id, name or title, published or not); 404 otherwise. */
  async subjectId(input: string): Promise<string> {
    const id = await this.catalog.resolveSubjectId(input, { anyState: true });
    if (!id) throw new NotFoundException('Subject not found');
    return id;
  }

  async synthesizeOne(dto: SynthesizeDto, userId: string): Promise<SynthesizeResponse> {
    const subjectId = await this.subjectId(dto.subject);
    if (!(await this.repo.sectionIds(subjectId)).includes(dto.sectionId))
      throw new NotFoundException('Lecture section not found');
    const { provider } = this.synthesizer.resolveProvider(dto.provider ?? 'elevenlabs');
    const events = await this.queueEvents();
    const job = await this.queue.add(
      JOBS.ttsSection,
      { subjectId, sectionId: dto.sectionId, provider, voiceId: dto.voiceId, requestedBy: userId },
      DEFAULT_JOB_OPTIONS[QUEUES.tts],
    );
    try {
      return (await job.waitUntilFinished(events, SECTION_WAIT_MS)) as SynthesizeResponse;
    } catch (err) {
      const msg = (err as Error).message ?? '';
      if (/timed out/i.test(msg)) throw new GatewayTimeoutException(`The synthesis is still running (job ${job.id}).`);
      throw new HttpException(`Failed to synthesize: ${msg}`, HttpStatus.BAD_GATEWAY);
    }
  }

  /**
   * Starts the subject's bulk run under `dto.jobId` (new when not given), or joins the run already under
   * that id. Another run of the same subject still going is a 409: two runs would make the same files.
   */
  async startBulk(dto: BulkSynthesisDto, userId: string): Promise<string> {
    const subjectId = await this.subjectId(dto.subject);
    const jobId = dto.jobId ?? `tts-${randomUUID()}`;
    const existing = (await this.queue.getJob(jobId)) as TtsJob | undefined;
    if (existing) {
      if (existing.name !== JOBS.ttsBulk || (existing.data as TtsBulkPayload).subjectId !== subjectId)
        throw new ConflictException(`The job id ${jobId} is taken by another run`);
      return jobId;
    }
    const { provider, fellBack } = this.synthesizer.resolveProvider(dto.provider ?? 'elevenlabs');
    const payload: TtsBulkPayload = {
      subjectId,
      sectionIds: await this.repo.sectionIds(subjectId),
      provider,
      requestedProvider: dto.provider ?? 'elevenlabs',
      fellBack,
      voiceId: dto.voiceId,
      includeAll: dto.includeAll ?? false,
      delayMs: dto.delayMs ?? 0,
      requestedBy: userId,
    };
    const lockKey = `${this.config.redis.prefix}:tts:start-lock:${subjectId}`;
    await withRedisLock(this.redis, lockKey, `A synthesis run for ${subjectId} is being started`, async () => {
      const running = (await this.queue.getJobs([...RUNNING])) as TtsJob[];
      const other = running.find(
        (j) => j?.name === JOBS.ttsBulk && (j.data as TtsBulkPayload).subjectId === subjectId && j.id !== jobId,
      );
      if (other) throw new ConflictException(`A synthesis run for ${subjectId} is already running (job ${other.id})`);
      await this.jobs.enqueue(this.queue, JOBS.ttsBulk, payload, { jobId, subjectId, requestedBy: userId });
    });
    return jobId;
  }

  /** Asks the run to stop; false when there is no such run going (unknown, or ended already). */
  async cancel(jobId: string): Promise<{ cancelled: boolean }> {
    const job = (await this.queue.getJob(jobId)) as TtsJob | undefined;
    if (!job || job.name !== JOBS.ttsBulk) throw new NotFoundException('No such synthesis run');
    const state = await job.getState();
    if (state === 'completed' || state === 'failed') return { cancelled: false };
    await this.jobs.requestCancel(jobId);
    return { cancelled: true };
  }

  /**
   * The run's events: `start`, an `item` per finished section, then `done` or `cancelled` (or `error`
   * when the job failed for good). Replays what happened so far, then follows it live.
   */
  async *follow(jobId: string): AsyncGenerator<TtsBulkEvent> {
    let sent = 0;
    let started = false;
    for await (const { state, job } of followJob<TtsPayload>(this.queue, await this.queueEvents(), jobId)) {
      if (!job || state === 'gone') {
        yield { type: 'error', message: 'The run is no longer known (removed)' };
        return;
      }
      if (!started) {
        yield startEvent(jobId, job.data as TtsBulkPayload);
        started = true;
      }
      const result = state === 'completed' ? (job.returnvalue as TtsBulkResult | null) : null;
      const items: TtsBulkItem[] = itemsOf(result ?? job.progress);
      for (; sent < items.length; sent++) yield itemEvent(items, sent);
      if (result) {
        yield finalEvent(result);
        return;
      }
      if (state === 'failed') {
        yield { type: 'error', message: `The run failed: ${job.failedReason ?? 'unknown error'}` };
        return;
      }
    }
  }

  /** The run as NDJSON lines. */
  ndjson(jobId: string): AsyncGenerator<string> {
    return ndjsonLines(this.follow(jobId));
  }

  /** Starts (or joins) a run and answers once it has ended. */
  async runBulk(dto: BulkSynthesisDto, userId: string): Promise<BulkResultResponse> {
    const jobId = await this.startBulk(dto, userId);
    const deadline = Date.now() + BULK_WAIT_MS;
    let start: Extract<TtsBulkEvent, { type: 'start' }> | undefined;
    const items: TtsBulkItem[] = [];
    for await (const e of this.follow(jobId)) {
      if (e.type === 'start') start = e;
      else if (e.type === 'item') items.push({ id: e.id, ok: e.ok, url: e.url, error: e.error, status: e.status });
      else if (e.type === 'error')
        throw new HttpException(`Failed to synthesize: ${e.message}`, HttpStatus.BAD_GATEWAY);
      else
        return {
          jobId,
          total: e.total,
          attempted: e.attempted,
          succeeded: e.succeeded,
          failed: e.failed,
          skipped: e.skipped,
          cancelled: e.type === 'cancelled',
          provider: start?.provider ?? '',
          fellBack: start?.fellBack ?? false,
          items,
        };
      if (Date.now() > deadline)
        throw new GatewayTimeoutException(`The synthesis is still running (job ${jobId}); follow it by its job id.`);
    }
    throw new HttpException('The run ended without a result', HttpStatus.BAD_GATEWAY);
  }
}
