import { ForbiddenException, Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { MISSING_TOKEN_MESSAGE } from '../../common/guards/jwt-auth.guard';
import { NO_ENTITLEMENT_MESSAGE } from '../../common/guards/entitlement.guard';
import { CatalogService } from '../catalog/catalog.service';
import { EntitlementsService } from '../catalog/entitlements.service';
import { TopicReader } from '../graph/structure/topic-reader.service';
import type { MediaListDto, TtsScriptSectionDto } from './dto/media.dto';
import { MediaLibraryRepository } from './media-library.repository';
import {
  defaultTtlSeconds,
  type MediaFileRecord,
  MediaLibraryService,
  type MediaStreamTarget,
  parseMediaReference,
} from './media-library.service';
import { MediaUrlSigner } from './media-url-signer';

/** Everyone may read this many sections of a lecture script: the free preview. */
export const FREE_PREVIEW_SECTIONS = 2;

export const SIGNATURE_INVALID_MESSAGE = 'This media link is not valid';
export const SIGNATURE_EXPIRED_MESSAGE = 'This media link has expired';

interface SubjectAccess {
  subjectId: string;
  /** studio staff and owners: every published file and section; everyone else free files and the preview */
  full: boolean;
  /** studio staff: unpublished files too (uploads no topic plays yet, renders of sections since removed) */
  studio: boolean;
}

/** Who gets which media: the library listing, streams, signed links and the lecture scripts. */
@Injectable()
export class MediaDeliveryService {
  constructor(
    private readonly library: MediaLibraryService,
    private readonly repo: MediaLibraryRepository,
    private readonly signer: MediaUrlSigner,
    private readonly catalog: CatalogService,
    private readonly entitlements: EntitlementsService,
    private readonly topics: TopicReader,
  ) {}

  /**
   * The subject and whether the caller has it all. Owners keep a course that left the shop (found by
   * id); for everyone else an unpublished subject does not exist.
   */
  private async access(subjectInput: string, user: AuthUser | undefined): Promise<SubjectAccess> {
    const subjectId = await this.entitlements.resolveSubject(subjectInput);
    if (!subjectId) throw new NotFoundException('Subject not found');
    const studio = !!user && user.roles.includes('studio');
    const full = studio || (!!user && (await this.entitlements.hasActive(user.id, subjectId)));
    if (!full && (await this.catalog.resolveSubjectId(subjectInput)) !== subjectId) {
      throw new NotFoundException('Subject not found');
    }
    return { subjectId, full, studio };
  }

  /**
   * The subject's files as learners may see them (studio staff: all of them): published media only, that
   * is a file made for a lecture section of the course, a file a live topic plays as its video, or the
   * captions of either. An upload sits in the Studio's library until a publish puts it on a topic.
   */
  private async visibleFiles(a: SubjectAccess): Promise<MediaFileRecord[]> {
    const all = await this.library.list(a.subjectId);
    if (a.studio) return all;
    const [sections, videoUrls] = await Promise.all([
      this.repo.listSections(a.subjectId),
      this.topics.publishedVideoUrls(a.subjectId),
    ]);
    const sectionIds = new Set(sections.map((s) => s.id));
    const played = new Set(
      videoUrls
        .map((url) => parseMediaReference(url))
        .filter((ref) => ref?.subjectId === a.subjectId)
        .map((ref) => ref!.fileName),
    );
    const published = new Set(
      all.filter((f) => (f.sectionId !== null && sectionIds.has(f.sectionId)) || played.has(f.fileName)),
    );
    const captions = new Set([...published].map((f) => f.captionsFile).filter((n): n is string => !!n));
    return all.filter((f) => published.has(f) || (f.kind === 'captions' && captions.has(f.fileName)));
  }

  async listFiles(subjectInput: string, user: AuthUser | undefined): Promise<MediaListDto> {
    const access = await this.access(subjectInput, user);
    const { subjectId, full } = access;
    const all = await this.visibleFiles(access);
    const visible = all.filter((f) => full || f.free);
    // captions travel with their media (as `captions`); only captions of no listed media stand alone
    const attached = new Set(visible.map((f) => f.captionsFile).filter((n): n is string => !!n));
    const userId = user?.id ?? null;
    return {
      files: visible
        .filter((f) => !(f.kind === 'captions' && attached.has(f.fileName)))
        .map((f) => ({
          name: f.fileName,
          url: this.library.signedUrl(f, userId),
          free: f.free,
          size: f.size,
          captions: f.captionsFile
            ? this.signer.sign(subjectId, f.captionsFile, userId, defaultTtlSeconds(f.durationMs))
            : null,
        })),
    };
  }

  /** Where a file the caller may stream is (GET /api/media/secure/stream). */
  async streamTarget(subjectInput: string, fileName: string, user: AuthUser | undefined): Promise<MediaStreamTarget> {
    const access = await this.access(subjectInput, user);
    const { subjectId, full } = access;
    const files = await this.visibleFiles(access);
    // an unpublished file is not there for a learner (the same answer as a name that never was)
    const file = files.find((f) => f.fileName === fileName);
    if (!file) throw new NotFoundException('Media file not found');
    if (!full && !this.isFree(file, files)) {
      if (!user) throw new UnauthorizedException(MISSING_TOKEN_MESSAGE);
      throw new ForbiddenException(NO_ENTITLEMENT_MESSAGE);
    }
    const target = this.library.streamTarget(subjectId, file.fileName);
    if (!target) throw new NotFoundException('Media file not found');
    return target;
  }

  /** A free file, or the captions of a free file (among the files the caller may see). */
  private isFree(file: MediaFileRecord, visible: MediaFileRecord[]): boolean {
    if (file.free) return true;
    if (file.kind !== 'captions') return false;
    return visible.some((f) => f.free && f.captionsFile === file.fileName);
  }

  /** The file a signed URL grants (GET /api/media/file/...): the signature alone decides, no database. */
  signedTarget(subjectId: string, fileName: string, q: { u?: string; exp?: string; sig?: string }): MediaStreamTarget {
    const check = this.signer.verify({ subjectId, fileName, userId: q.u, exp: q.exp, sig: q.sig });
    if (check === 'expired') throw new ForbiddenException(SIGNATURE_EXPIRED_MESSAGE);
    if (check !== 'ok') throw new ForbiddenException(SIGNATURE_INVALID_MESSAGE);
    const target = this.library.streamTarget(subjectId, fileName);
    if (!target) throw new NotFoundException('Media file not found');
    return target;
  }

  /**
   * GET /media/{subject}/tts_scripts.json: owners and studio every section, everyone else the free
   * preview; `audio_url` is signed when the section has audio the caller may play.
   */
  async ttsScripts(subjectInput: string, user: AuthUser | undefined): Promise<TtsScriptSectionDto[]> {
    const { subjectId, full } = await this.access(subjectInput, user);
    const sections = await this.repo.listSections(subjectId);
    const shown = full ? sections : sections.slice(0, FREE_PREVIEW_SECTIONS);
    const audio = new Map<string, MediaFileRecord>();
    // newest audio per section, stale or not (stale audio plays until the next bulk run re-makes it)
    for (const f of await this.library.list(subjectId)) {
      if (f.kind !== 'audio' || !f.sectionId) continue;
      const seen = audio.get(f.sectionId);
      if (!seen || seen.createdAt < f.createdAt) audio.set(f.sectionId, f);
    }
    return shown.map((s) => {
      const a = audio.get(s.id);
      return {
        id: s.id,
        title: s.title,
        text: s.text,
        audio_url: a && (full || a.free) ? this.library.signedUrl(a, user?.id ?? null) : null,
        est_seconds: s.estSeconds,
      };
    });
  }
}
