import { randomUUID } from 'node:crypto';
import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { type AppConfig } from '../../../config/config';
import { InjectConfig } from '../../../config/config.module';
import { AuditService } from '../../audit/audit.service';
import { CatalogService } from '../../catalog/catalog.service';
import { type MediaFilePage, type MediaFileRecord, MediaLibraryService, mediaPath } from '../media-library.service';
import { Ffmpeg } from '../speech/ffmpeg';
import { type MediaAdminRow, toMediaAdminRow } from './dto/media-admin.dto';
import { NOT_A_VIDEO_MESSAGE, safeStem, videoContainerOf } from './video-upload';

/** ffmpeg reads an upload's header and first frame (a header-less WebM: its whole stream, copied) well within this. */
const PROBE_TIMEOUT_MS = 60_000;

/** The 400 of an upload whose streams last longer than MEDIA_UPLOAD_MAX_SECONDS. */
export function videoTooLongMessage(durationMs: number, maxSeconds: number): string {
  const clock = (seconds: number) => {
    const s = Math.floor(seconds);
    const mmss = `${Math.floor((s % 3600) / 60)}:${String(s % 60).padStart(2, '0')}`;
    return s >= 3600 ? `${Math.floor(s / 3600)}:${mmss.padStart(5, '0')}` : mmss;
  };
  return `The video lasts ${clock(durationMs / 1000)}; the longest upload is ${clock(maxSeconds)}`;
}

/** Studio's Media Manager: a subject's videos and uploads (attaching one to a topic is graph/versions'). */
@Injectable()
export class MediaAdminService {
  constructor(
    private readonly catalog: CatalogService,
    private readonly library: MediaLibraryService,
    @InjectConfig() private readonly config: AppConfig,
    private readonly audit: AuditService,
  ) {}

  get uploadMaxBytes(): number {
    return this.config.media.uploadMaxBytes;
  }

  /** Any subject, published or not, by id, name or title (the Studio's lookup). */
  async subjectId(input: string): Promise<string> {
    const id = await this.catalog.resolveSubjectId(input, { anyState: true });
    if (!id) throw new NotFoundException('Subject not found');
    return id;
  }

  private row(f: MediaFileRecord, userId: string): MediaAdminRow {
    return toMediaAdminRow(
      f,
      { url: this.library.signedUrl(f, userId), captions: this.library.captionsUrl(f, userId) },
      mediaPath(f),
    );
  }

  async list(
    subjectInput: string | undefined,
    page: MediaFilePage,
    userId: string,
  ): Promise<{ rows: MediaAdminRow[]; total: number }> {
    if (!subjectInput) throw new BadRequestException('filter.subjectId is required: the subject whose videos to list');
    const subjectId = await this.subjectId(subjectInput);
    const { files, total } = await this.library.listKind(subjectId, 'video', page);
    return { rows: files.map((f) => this.row(f, userId)), total };
  }

  /**
   * Adds an uploaded video (a temp file the caller removes) to the subject's library: mp4 or WebM by its
   * first bytes, then ffmpeg must decode a video frame; its length is measured from its streams (the
   * container's claim is the uploader's word) and must be within MEDIA_UPLOAD_MAX_SECONDS.
   */
  async addUpload(subjectId: string, path: string, originalName: string, userId: string): Promise<MediaAdminRow> {
    const container = await videoContainerOf(path);
    if (!container) throw new BadRequestException(NOT_A_VIDEO_MESSAGE);
    const ffmpeg = Ffmpeg.locate(this.config.ffmpegPath);
    let probe: Awaited<ReturnType<Ffmpeg['probe']>>;
    try {
      probe = await ffmpeg.probe(path, AbortSignal.timeout(PROBE_TIMEOUT_MS));
    } catch {
      // ffmpeg could not read it (or took too long): not a video we can serve
      throw new BadRequestException(NOT_A_VIDEO_MESSAGE);
    }
    if (!probe.hasVideo) throw new BadRequestException(NOT_A_VIDEO_MESSAGE);
    let durationMs: number | null;
    try {
      durationMs = await ffmpeg.measureDurationMs(path, AbortSignal.timeout(PROBE_TIMEOUT_MS));
    } catch {
      throw new BadRequestException(NOT_A_VIDEO_MESSAGE);
    }
    const maxSeconds = this.config.media.uploadMaxSeconds;
    if (durationMs !== null && durationMs > maxSeconds * 1000) {
      throw new BadRequestException(videoTooLongMessage(durationMs, maxSeconds));
    }
    const file = await this.library.add(null, {
      subjectId,
      kind: 'video',
      fileName: `upload/${randomUUID().slice(0, 8)}-${safeStem(originalName)}.${container}`,
      sourcePath: path,
      durationMs,
      provider: 'upload',
      createdBy: userId,
    });
    // the bytes are stored outside PostgreSQL: recorded right after the file is in the library
    await this.audit.record({
      actorId: userId,
      action: 'media.upload',
      target: { type: 'media', id: file.id },
      details: { subjectId, fileName: file.fileName, kind: file.kind, size: file.size, originalName },
    });
    return this.row(file, userId);
  }
}
