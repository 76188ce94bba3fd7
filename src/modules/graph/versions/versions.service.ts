import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { CatalogService } from '../../catalog/catalog.service';
import { MediaLibraryService, mediaPath, parseMediaReference } from '../../media/media-library.service';
import { contentHash } from '../../../common/content-hash';
import type { NodeVideo } from '../entities';
import type { SaveNodeDraftDto } from './dto/versions.dto';
import { GraphCache } from '../graph-cache.service';
import {
  type NodeContentRecord,
  type PublishedNodeRecord,
  type VersionRecord,
  VersionsRepository,
} from './versions.repository';

export const NO_CHANGES_MESSAGE = 'There are no unpublished changes';

const VARIANT_KEYS = ['beginner', 'advanced', 'practical', 'theoretical'] as const;

function videoOf(v: unknown): NodeVideo | null {
  if (!v || typeof v !== 'object') return null;
  const { url, title } = v as { url?: unknown; title?: unknown };
  return typeof url === 'string' && url ? { url, title: typeof title === 'string' ? title : '' } : null;
}

/**
 * Exactly the content fields a version tracks, in a stable shape (for hashing and snapshots). A node
 * without a video has no `video` key, so its hash and snapshots are what they were before videos were tracked.
 */
function contentOf(c: NodeContentRecord): NodeContentRecord {
  const variants = (c.variants ?? {}) as Record<string, string>;
  const content: NodeContentRecord = {
    title: c.title,
    summaryHtml: c.summaryHtml ?? '',
    variants: Object.fromEntries(VARIANT_KEYS.map((k) => [k, variants[k] ?? ''])) as NodeContentRecord['variants'],
    sources: (c.sources ?? []).map((s) => ({ title: s.title, url: s.url, type: s.type })),
  };
  const video = videoOf(c.video);
  return video ? { ...content, video } : content;
}

/** The content a node's media is made from: everything but its video (a new video leaves audio current). */
function mediaSourceHash(c: NodeContentRecord): string {
  const { video: _video, ...rest } = c;
  return contentHash(rest);
}

/** A node's editable content as the editor sees it; `hasOverlay` when it is the unpublished draft. */
export interface NodeDraft {
  subjectId: string;
  nodeId: string;
  content: NodeContentRecord;
  hasOverlay: boolean;
}

/** The Studio's draft overlay and the subject versions publishing it creates. */
@Injectable()
export class VersionsService {
  constructor(
    private readonly em: EntityManager,
    private readonly repo: VersionsRepository,
    private readonly catalog: CatalogService,
    private readonly media: MediaLibraryService,
    private readonly graphCache: GraphCache,
  ) {}

  private async requireSubject(input: string): Promise<string> {
    const id = await this.catalog.resolveSubjectId(input, { anyState: true });
    if (!id) throw new NotFoundException('Subject not found');
    return id;
  }

  private async requireNode(em: EntityManager, subjectId: string, nodeId: string): Promise<PublishedNodeRecord> {
    const node = await this.repo.findPublished(em, subjectId, nodeId);
    if (!node) throw new NotFoundException('Node not found');
    return node;
  }

  async getNode(subjectInput: string, nodeId: string): Promise<NodeDraft> {
    const subjectId = await this.requireSubject(subjectInput);
    const node = await this.requireNode(this.em, subjectId, nodeId);
    const overlay = await this.repo.findOverlay(this.em, subjectId, nodeId);
    return { subjectId, nodeId, content: contentOf(overlay ?? node), hasOverlay: overlay !== null };
  }

  async saveNode(subjectInput: string, nodeId: string, dto: SaveNodeDraftDto, userId: string): Promise<NodeDraft> {
    const subjectId = await this.requireSubject(subjectInput);
    const saved = await this.em.transactional(async (tx) => {
      // waits for a publish or reset of this subject in progress, so an edit is never lost between them
      await this.repo.lockSubject(tx, subjectId, 'save');
      const node = await this.requireNode(tx, subjectId, nodeId);
      const current = (await this.repo.findOverlay(tx, subjectId, nodeId)) ?? node;
      const content = contentOf({
        title: dto.title ?? current.title,
        summaryHtml: dto.summary_html,
        variants: {
          beginner: dto.variants.beginner,
          advanced: dto.variants.advanced,
          practical: dto.variants.practical,
          theoretical: dto.variants.theoretical,
        },
        sources: dto.sources,
        // the editor does not edit the video: the draft's (or the published one) is kept
        video: current.video ?? node.video,
      });
      await this.repo.upsertOverlay(tx, subjectId, nodeId, content, userId);
      return content;
    });
    return { subjectId, nodeId, content: saved, hasOverlay: true };
  }

  /**
   * The Media Manager's attach: a video file of the subject's media library (named by its path or a
   * signed URL of it) becomes the topic's video in the draft overlay, live on the next publish. It is
   * the graph's use case (a topic's content changes) that reads the media library, never the other way.
   */
  async attachVideo(
    subjectInput: string,
    nodeId: string,
    reference: string,
    userId: string,
  ): Promise<{ subjectId: string; nodeId: string; video: NodeVideo }> {
    const subjectId = await this.requireSubject(subjectInput);
    const ref = parseMediaReference(reference);
    if (!ref) throw new BadRequestException("url must be the file's path (/media/<subject>/<file>) or its signed URL");
    const file = await this.media.find(ref.subjectId, ref.fileName);
    if (!file) throw new NotFoundException('Media file not found');
    if (file.subjectId !== subjectId)
      throw new BadRequestException(`The file belongs to another subject (${file.subjectId}), not to ${subjectId}`);
    if (file.kind !== 'video') throw new BadRequestException(`Not a video: ${file.fileName} is a ${file.kind} file`);
    return this.setNodeVideo(subjectId, nodeId, { url: mediaPath(file) }, userId);
  }

  /**
   * Sets the node's video in the draft overlay (live on the next publish), keeping the rest of the
   * draft, or of the published content when there is no draft. `title` defaults to the draft's title.
   */
  private async setNodeVideo(
    subjectId: string,
    nodeId: string,
    video: { url: string; title?: string },
    userId: string,
  ): Promise<{ subjectId: string; nodeId: string; video: NodeVideo }> {
    return this.em.transactional(async (tx) => {
      await this.repo.lockSubject(tx, subjectId, 'save');
      const node = await this.requireNode(tx, subjectId, nodeId);
      const current = (await this.repo.findOverlay(tx, subjectId, nodeId)) ?? node;
      const set: NodeVideo = { url: video.url, title: video.title ?? current.title };
      await this.repo.upsertOverlay(tx, subjectId, nodeId, contentOf({ ...current, video: set }), userId);
      return { subjectId, nodeId, video: set };
    });
  }

  /** The subject's versions, newest first, and whether it has unpublished draft edits. */
  async listVersions(
    subjectInput: string,
  ): Promise<{ subjectId: string; versions: VersionRecord[]; hasOverlay: boolean }> {
    const subjectId = await this.requireSubject(subjectInput);
    const [versions, hasOverlay] = await Promise.all([
      this.repo.listVersions(subjectId),
      this.repo.hasOverlay(subjectId),
    ]);
    return { subjectId, versions, hasOverlay };
  }

  /**
   * Publishing marks the audio and video of the changed nodes stale (they still play, and the next
   * bulk run re-makes them); a node whose only change is its video keeps its media current.
   * One transaction: the subject's version lock is taken first, so concurrent publishes (and saves) of a
   * subject run one after the other; the second finds the overlay gone.
   */
  async publish(subjectInput: string, userId: string): Promise<{ version: number; changedNodes: string[] }> {
    const subjectId = await this.requireSubject(subjectInput);
    const outcome = await this.em.transactional(async (tx) => {
      await this.repo.lockSubject(tx, subjectId, 'publish');
      const overlays = await this.repo.lockOverlays(tx, subjectId);
      if (overlays.length === 0) return null;
      const published = new Map(
        (
          await this.repo.lockPublished(
            tx,
            subjectId,
            overlays.map((o) => o.nodeId),
          )
        ).map((n) => [n.id, n]),
      );
      const changes: {
        nodeId: string;
        before: NodeContentRecord;
        after: NodeContentRecord;
        hash: string;
        mediaChanged: boolean;
      }[] = [];
      for (const o of overlays) {
        const node = published.get(o.nodeId);
        if (!node) continue;
        const before = contentOf(node);
        // an overlay saved before videos were tracked has none: the published video stays
        const after = contentOf({ ...o.content, video: o.content.video ?? node.video });
        const hash = contentHash(after);
        if (hash !== contentHash(before))
          changes.push({
            nodeId: o.nodeId,
            before,
            after,
            hash,
            mediaChanged: mediaSourceHash(after) !== mediaSourceHash(before),
          });
      }
      // rows identical to the published content are stale drafts: discarded either way
      await this.repo.deleteOverlays(tx, subjectId);
      if (changes.length === 0) return null;
      const version = await this.repo.nextVersion(tx, subjectId);
      const changedNodes = changes.map((c) => c.nodeId);
      await this.repo.insertVersion(tx, subjectId, version, changedNodes, userId);
      for (const c of changes) {
        await this.repo.updatePublished(tx, subjectId, c.nodeId, c.after, c.hash);
        await this.repo.insertSnapshot(tx, subjectId, version, c.nodeId, c.before, c.after);
      }
      return { version, changedNodes, mediaChangedNodes: changes.filter((c) => c.mediaChanged).map((c) => c.nodeId) };
    });
    if (!outcome) throw new ConflictException(NO_CHANGES_MESSAGE);
    // committed: every API process stops serving the previous version's cached graph
    await this.graphCache.changed(subjectId);
    // After the commit: stale marks of a publish that rolled back would send audio to be re-made for nothing.
    await this.media.markStale(subjectId, outcome.mediaChangedNodes);
    return { version: outcome.version, changedNodes: outcome.changedNodes };
  }

  /** Discards the subject's draft overlay; answers how many node drafts it removed. */
  async reset(subjectInput: string): Promise<number> {
    const subjectId = await this.requireSubject(subjectInput);
    return this.em.transactional(async (tx) => {
      await this.repo.lockSubject(tx, subjectId, 'publish');
      return this.repo.deleteOverlays(tx, subjectId);
    });
  }
}
