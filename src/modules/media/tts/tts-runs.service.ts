import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { RateLimitService } from '../../../common/rate-limit/rate-limit.service';
import { AppConfig } from '../../../config/config';
import { InjectConfig } from '../../../config/config.module';
import type { TtsBulkPayload, TtsSectionPayload } from '../../../queues/queues';
import { CatalogService } from '../../catalog/catalog.service';
import type { JobRun } from '../../jobs/job-run';
import { JobRuns } from '../../jobs/job-runs.service';
import { SectionSynthesizer } from '../speech/section-synthesizer';
import { TTS_BULK_RUN, TTS_SECTION_RUN, type TtsBulkEvent, type TtsBulkResult } from './bulk-run';
import type { BulkResultResponse, BulkSynthesisDto } from './dto/bulk-synthesis.dto';
import type { SynthesizeDto, SynthesizeResponse } from './dto/synthesize.dto';
import { TtsRepository } from './tts.repository';

const SECTION_WAIT_MS = 3 * 60 * 1000;
const BULK_WAIT_MS = 30 * 60 * 1000;

/**
 * The API's side of text-to-speech: what a run is made of (the subject's sections, the provider after its
 * fallback). Starting, joining, cancelling, following and waiting are the jobs room's (JobRuns).
 */
@Injectable()
export class TtsRunsService {
  private readonly bulk: JobRun<TtsBulkPayload, TtsBulkResult, TtsBulkEvent>;
  private readonly section: JobRun<TtsSectionPayload, SynthesizeResponse>;

  constructor(
    runs: JobRuns,
    private readonly catalog: CatalogService,
    private readonly synthesizer: SectionSynthesizer,
    private readonly repo: TtsRepository,
    private readonly rateLimit: RateLimitService,
    @InjectConfig() private readonly config: AppConfig,
  ) {
    this.bulk = runs.define(TTS_BULK_RUN);
    this.section = runs.define(TTS_SECTION_RUN);
  }

  /** The subject's id (by id, name or title, published or not); 404 otherwise. */
  async subjectId(input: string): Promise<string> {
    const id = await this.catalog.resolveSubjectId(input, { anyState: true });
    if (!id) throw new NotFoundException('Subject not found');
    return id;
  }

  /**
   * One section, answered once made. Each user has a budget of these (TTS_SECTION_LIMIT_PER_MINUTE and
   * _PER_HOUR; every API process shares the counters), since each may run an engine in a slot everyone's
   * speech and video share; and a `voiceId` must be one of the engine's voices: an unknown one would be
   * spoken by the default voice and stored once more under every name asked for.
   */
  async synthesizeOne(dto: SynthesizeDto, userId: string): Promise<SynthesizeResponse> {
    const subjectId = await this.subjectId(dto.subject);
    if (!(await this.repo.sectionIds(subjectId)).includes(dto.sectionId))
      throw new NotFoundException('Lecture section not found');
    const { provider } = this.synthesizer.resolveProvider(dto.provider ?? 'elevenlabs');
    if (dto.voiceId !== undefined) await this.checkVoice(provider, dto.voiceId);
    const { perMinute, perHour } = this.config.speech.sectionLimits;
    await this.rateLimit.consume(
      { name: 'tts-section:user:minute', key: userId, max: perMinute, windowSeconds: 60 },
      { name: 'tts-section:user:hour', key: userId, max: perHour, windowSeconds: 3600 },
    );
    const { result } = await this.section.run(
      {
        subjectId,
        requestedBy: userId,
        payload: () => ({ subjectId, sectionId: dto.sectionId, provider, voiceId: dto.voiceId, requestedBy: userId }),
      },
      SECTION_WAIT_MS,
    );
    return result;
  }

  /** 400 unless the engine `provider` resolves to knows `voiceId` (passes when its voices cannot be listed now). */
  private async checkVoice(provider: 'local' | 'elevenlabs', voiceId: string): Promise<void> {
    const known = await this.synthesizer.voices(provider);
    if (!known || known.voices.includes(voiceId)) return;
    const shown = known.voices.slice(0, 30).join(', ');
    const more = known.voices.length > 30 ? `, … (${known.voices.length} in all)` : '';
    throw new BadRequestException(`voiceId "${voiceId}" is not a voice of ${known.engine}: use one of ${shown}${more}`);
  }

  /** Starts the subject's bulk run under `dto.jobId`, or joins the run under that id (see JobRun.start). */
  async startBulk(dto: BulkSynthesisDto, userId: string): Promise<string> {
    const subjectId = await this.subjectId(dto.subject);
    return this.bulk.start({
      jobId: dto.jobId,
      subjectId,
      requestedBy: userId,
      payload: async (): Promise<TtsBulkPayload> => {
        const { provider, fellBack } = this.synthesizer.resolveProvider(dto.provider ?? 'elevenlabs');
        return {
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
      },
    });
  }

  /** Asks the run to stop after the sections in flight; false when it has ended already. */
  cancelBulk(jobId: string): Promise<{ cancelled: boolean }> {
    return this.bulk.cancel(jobId);
  }

  /** The run's events: `start`, an `item` per finished section, then `done` or `cancelled` (or `error`). */
  followBulk(jobId: string): AsyncGenerator<TtsBulkEvent> {
    return this.bulk.follow(jobId);
  }

  /** Starts (or joins) a bulk run and answers once it has ended. */
  async runBulk(dto: BulkSynthesisDto, userId: string): Promise<BulkResultResponse> {
    const jobId = await this.startBulk(dto, userId);
    const result = await this.bulk.wait(jobId, BULK_WAIT_MS);
    return {
      jobId,
      total: result.total,
      attempted: result.attempted,
      succeeded: result.succeeded,
      failed: result.failed,
      skipped: result.skipped,
      cancelled: result.cancelled,
      provider: result.provider,
      fellBack: result.fellBack,
      items: result.items.map(({ id, ok, url, error, status }) => ({ id, ok, url, error, status })),
    };
  }
}
