import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import type { MediaKind } from './entities';
import {
  type MediaFileInsert,
  type MediaFilePage,
  type MediaFileRecord,
  MediaLibraryRepository,
} from './media-library.repository';
import { MAX_SIGNED_URL_SECONDS } from './media-signing';
import { MediaUrlSigner } from './media-url-signer';
import { isValidStorageKey, MEDIA_STORAGE, type MediaStorage, sha256File } from './storage/media-storage';

export interface AddMediaFile {
  subjectId: string;
  nodeId?: string | null;
  sectionId?: string | null;
  kind: MediaKind;
  fileName: string;
  /** a local file; its bytes are copied into the storage (the caller removes its temp file) */
  sourcePath: string;
  durationMs?: number | null;
  free?: boolean;
  provider?: string | null;
  voice?: string | null;
  textHash?: string | null;
  captionsFile?: string | null;
  createdBy?: string | null;
}

/** A topic's lecture: the section's text, and its newest video, else its newest audio (signed URLs). */
export interface SectionLecture {
  sectionId: string;
  title: string;
  text: string;
  video: { url: string; captions: string | null } | null;
  audio: { url: string; captions: string | null } | null;
}

/** A signed URL outlives the media it plays by this much (a paused player can resume). */
export const SIGNED_URL_GRACE_SECONDS = 600;

/** Where a file's bytes are kept: made from the subject and the file name, so a signed URL needs no lookup. */
export function storageKeyFor(subjectId: string, fileName: string): string | null {
  const key = `${subjectId}/${fileName}`;
  return isValidStorageKey(key) ? key : null;
}

export type { MediaFilePage, MediaFileRecord } from './media-library.repository';

/** The stable reference to a library file that content stores (a node's video): `/media/<subject>/<fileName>`. */
export function mediaPath(f: Pick<MediaFileRecord, 'subjectId' | 'fileName'>): string {
  return `/media/${f.subjectId}/${f.fileName}`;
}

/**
 * The file a reference names: its path (`/media/<subject>/<fileName>`) or a signed URL of it
 * (`/api/media/file/<subject>/<encoded fileName>?u=…`, whose query is ignored). Null for anything
 * else, and for names the library could not hold.
 */
export function parseMediaReference(ref: string): { subjectId: string; fileName: string } | null {
  const path = ref.trim().split(/[?#]/, 1)[0];
  const m = /^\/media\/([^/]+)\/(.+)$/.exec(path) ?? /^\/api\/media\/file\/([^/]+)\/([^/]+)$/.exec(path);
  if (!m) return null;
  let subjectId: string;
  let fileName: string;
  try {
    subjectId = decodeURIComponent(m[1]);
    fileName = decodeURIComponent(m[2]);
  } catch {
    return null; // a malformed %-escape
  }
  return storageKeyFor(subjectId, fileName) ? { subjectId, fileName } : null;
}

/** The media library: rows in PostgreSQL, bytes in MediaStorage. Exported for speech, video and the content tools. */
@Injectable()
export class MediaLibraryService {
  constructor(
    private readonly em: EntityManager,
    private readonly repo: MediaLibraryRepository,
    private readonly signer: MediaUrlSigner,
    @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
  ) {}

  /**
   * Adds a file, idempotently: a section's file that is already there, made from the same text,
   * provider and voice, is returned as it is (a job that runs twice writes it once) unless it is
   * stale, when the new bytes replace it; a file of the same name gets the new bytes when they differ.
   */
  async add(em: EntityManager | null, f: AddMediaFile): Promise<MediaFileRecord> {
    const tx = em ?? this.em;
    const storageKey = storageKeyFor(f.subjectId, f.fileName);
    if (!storageKey) throw new BadRequestException(`Invalid media file name: ${f.fileName}`);
    const sha256 = await sha256File(f.sourcePath);
    const values: MediaFileInsert = {
      subjectId: f.subjectId,
      nodeId: f.nodeId ?? f.sectionId ?? null,
      sectionId: f.sectionId ?? null,
      kind: f.kind,
      fileName: f.fileName,
      storageKey,
      size: 0,
      durationMs: f.durationMs ?? null,
      free: f.free ?? false,
      contentHash: sha256,
      provider: f.provider ?? null,
      voice: f.voice ?? null,
      textHash: f.textHash ?? null,
      captionsFile: f.captionsFile ?? null,
      createdBy: f.createdBy ?? null,
    };
    const madeFrom = values.sectionId ? await this.repo.findMadeFrom(tx, values) : null;
    if (madeFrom && !madeFrom.stale) return madeFrom;
    const existing = madeFrom ?? (await this.repo.find(f.subjectId, f.fileName, tx));
    if (existing && !existing.stale && existing.contentHash === sha256 && existing.fileName === f.fileName) {
      return existing;
    }

    const { size } = await this.storage.put(storageKey, f.sourcePath);
    values.size = size;
    if (existing) {
      // a failed update leaves the row naming its old bytes: new bytes under a new key would be nobody's
      const replaced = await this.removeOnFailure(existing.storageKey === storageKey ? null : storageKey, () =>
        this.repo.replace(tx, existing.id, values),
      );
      if (existing.storageKey !== storageKey) await this.storage.remove(existing.storageKey);
      return replaced;
    }
    const inserted = await this.removeOnFailure(storageKey, () => this.repo.insert(tx, values));
    if (inserted) return inserted;
    // a concurrent add of the same file won the insert; the bytes under the key are either's, whole
    const winner =
      (values.sectionId ? await this.repo.findMadeFrom(tx, values) : null) ??
      (await this.repo.find(f.subjectId, f.fileName, tx));
    if (!winner) throw new Error(`media file ${f.subjectId}/${f.fileName} conflicted but is not there`);
    return winner;
  }

  /**
   * Runs the database write that names bytes just stored under `key`; when it throws, the bytes are removed
   * (no row will ever name them) and the write's error is what the caller sees.
   */
  private async removeOnFailure<T>(key: string | null, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (key) await this.storage.remove(key).catch(() => undefined);
      throw err;
    }
  }

  list(subjectId: string): Promise<MediaFileRecord[]> {
    return this.repo.list(subjectId);
  }

  /** One page of the subject's files of one kind (the Studio's media list), and their number. */
  async listKind(
    subjectId: string,
    kind: MediaKind,
    page: MediaFilePage = { sort: 'createdAt', order: 'DESC', offset: 0, limit: 100 },
  ): Promise<{ files: MediaFileRecord[]; total: number }> {
    const { rows, total } = await this.repo.listKind(subjectId, kind, page);
    return { files: rows, total };
  }

  find(subjectId: string, fileName: string): Promise<MediaFileRecord | null> {
    return this.repo.find(subjectId, fileName);
  }

  /** The section's newest audio, stale or not (stale audio still plays until it is re-made). */
  currentSectionAudio(subjectId: string, sectionId: string): Promise<MediaFileRecord | null> {
    return this.repo.latestSectionFile(subjectId, sectionId, 'audio');
  }

  /**
   * A topic's lecture as its page plays it (section ids equal node ids): the section's newest rendered
   * video, else its newest audio, each with captions, signed for the caller; null when the topic has no
   * lecture section. The section's text doubles as the transcript.
   */
  async sectionLecture(subjectId: string, nodeId: string, userId: string | null): Promise<SectionLecture | null> {
    const [section, video, audio] = await Promise.all([
      this.repo.section(subjectId, nodeId),
      this.repo.latestSectionFile(subjectId, nodeId, 'video'),
      this.repo.latestSectionFile(subjectId, nodeId, 'audio'),
    ]);
    if (!section) return null;
    const playable = (f: MediaFileRecord | null) =>
      f ? { url: this.signedUrl(f, userId), captions: this.captionsUrl(f, userId) } : null;
    return {
      sectionId: section.id,
      title: section.title,
      text: section.text,
      video: playable(video),
      audio: video ? null : playable(audio),
    };
  }

  /** Publishing changed these nodes: their media (section ids equal node ids) must be made again. */
  markStale(subjectId: string, nodeIds: string[]): Promise<number> {
    return nodeIds.length ? this.repo.markStale(subjectId, nodeIds) : Promise.resolve(0);
  }

  /** A signed, expiring URL of the file; by default it lives as long as the media plus ten minutes. */
  signedUrl(
    f: Pick<MediaFileRecord, 'subjectId' | 'fileName' | 'durationMs'>,
    userId: string | null,
    ttlSeconds?: number,
  ) {
    return this.signer.sign(f.subjectId, f.fileName, userId, ttlSeconds ?? defaultTtlSeconds(f.durationMs));
  }

  /** The signed URL of the file's WebVTT captions (valid as long as the file's own), or null without any. */
  captionsUrl(
    f: Pick<MediaFileRecord, 'subjectId' | 'captionsFile' | 'durationMs'>,
    userId: string | null,
  ): string | null {
    return f.captionsFile ? this.signedUrl({ ...f, fileName: f.captionsFile }, userId) : null;
  }

  /**
   * A stored reference (`/media/<subject>/<fileName>`, see `mediaPath`) to a file of this subject, made
   * playable for the caller: signed URLs of the file and of its captions. Null when the reference names
   * no file of the subject (another subject's file included: the caller's access is to this one).
   */
  async signedReference(
    subjectId: string,
    reference: string,
    userId: string | null,
  ): Promise<{ file: MediaFileRecord; url: string; captions: string | null } | null> {
    const ref = parseMediaReference(reference);
    if (!ref || ref.subjectId !== subjectId) return null;
    const file = await this.find(subjectId, ref.fileName);
    if (!file) return null;
    return { file, url: this.signedUrl(file, userId), captions: this.captionsUrl(file, userId) };
  }

  /** Where the bytes of a file are, for streaming (null: not a name the library could hold). */
  streamTarget(subjectId: string, fileName: string): MediaStreamTarget | null {
    const key = storageKeyFor(subjectId, fileName);
    return key ? { storage: this.storage, key } : null;
  }

  /**
   * Runs `fn` with a local file of a library file's bytes (ffmpeg's inputs): the file itself on local
   * disk, a temp copy from a bucket that is removed when `fn` settles.
   */
  withLocalCopy<T>(subjectId: string, fileName: string, fn: (path: string) => Promise<T>): Promise<T> {
    const key = storageKeyFor(subjectId, fileName);
    if (!key) throw new Error(`${subjectId}/${fileName} is not a name the library could hold`);
    return this.storage.withLocalCopy(key, fn);
  }
}

/** A file the caller may stream: the store that holds it and its key there. */
export interface MediaStreamTarget {
  storage: MediaStorage;
  key: string;
}

/** The media's length plus the grace, at most MAX_SIGNED_URL_SECONDS. */
export function defaultTtlSeconds(durationMs: number | null | undefined): number {
  return Math.min(Math.ceil((durationMs ?? 0) / 1000) + SIGNED_URL_GRACE_SECONDS, MAX_SIGNED_URL_SECONDS);
}
