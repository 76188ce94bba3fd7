import { randomUUID } from 'node:crypto';
import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { type AppConfig } from '../../../config/config';
import { InjectConfig } from '../../../config/config.module';
import { CatalogService } from '../../catalog/catalog.service';
import { VersionsService } from '../../graph/versions/versions.service';
import {
  type MediaFilePage,
  type MediaFileRecord,
  MediaLibraryService,
  mediaPath,
  parseMediaReference,
} from '../media-library.service';
import { Ffmpeg } from '../speech/ffmpeg';
import {
  type AttachMediaDto,
  type AttachMediaResponse,
  type MediaAdminRow,
  toMediaAdminRow,
} from './dto/media-admin.dto';
import { NOT_A_VIDEO_MESSAGE, safeStem, videoContainerOf } from './video-upload';

/** ffmpeg reads an upload's header and first frame (a header-less WebM: its whole stream, copied) well within this. */
const PROBE_TIMEOUT_MS = 60_000;

/** Studio's Media Manager: a subject's videos, attaching one to a topic's draft, uploads. */
@Injectable()
export class MediaAdminService {
  constructor(
    private readonly catalog: CatalogService,
    private readonly library: MediaLibraryService,
    private readonly versions: VersionsService,
    @InjectConfig() private readonly config: AppConfig,
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

  /** Sets the topic's video in the draft overlay to a video file of the same subject (live on publish). */
  async attach(dto: AttachMediaDto, userId: string): Promise<AttachMediaResponse> {
    const subjectId = await this.subjectId(dto.subjectId);
    const ref = parseMediaReference(dto.url);
    if (!ref) throw new BadRequestException("url must be the file's path (/media/<subject>/<file>) or its signed URL");
    const file = await this.library.find(ref.subjectId, ref.fileName);
    if (!file) throw new NotFoundException('Media file not found');
    if (file.subjectId !== subjectId)
      throw new BadRequestException(`The file belongs to another subject (${file.subjectId}), not to ${subjectId}`);
    if (file.kind !== 'video') throw new BadRequestException(`Not a video: ${file.fileName} is a ${file.kind} file`);
    const set = await this.versions.setNodeVideo(subjectId, dto.nodeId, { url: mediaPath(file) }, userId);
    return { nodeId: set.nodeId, subjectId: set.subjectId, video: { url: set.video.url, title: set.video.title } };
  }

  /**
   * Adds an uploaded video (a temp file the caller removes) to the subject's library: mp4 or WebM by its
   * first bytes, then ffmpeg must decode a video frame; its length is what the container says.
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
    const file = await this.library.add(null, {
      subjectId,
      kind: 'video',
      fileName: `upload/${randomUUID().slice(0, 8)}-${safeStem(originalName)}.${container}`,
      sourcePath: path,
      durationMs: probe.durationMs,
      provider: 'upload',
      createdBy: userId,
    });
    return this.row(file, userId);
  }
}
