import { EntityManager } from '@mikro-orm/postgresql';
import { CatalogService } from '../../catalog/catalog.service';
import { MediaLibraryService } from '../../media/media-library.service';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { contentHash } from '../../../common/content-hash';
import { sanitize } from '../../../common/html/sanitize';
import type { NodeContentFields } from '../entities';
import type { SaveNodeDraftDto } from './dto/versions.dto';
import { NodeContentRecord, VersionsRepository } from './versions.repository';

export const NO_CHANGES_MESSAGE = 'There are no unpublished changes';

const VARIANT_KEYS = ['beginner', 'advanced', 'practical', 'theoretical'] as const;

/** Exactly the content fields a version tracks, in a stable shape (for hashing and snapshots). */
function contentOf(c: NodeContentFields): NodeContentFields {
  const variants = (c.variants ?? {}) as Record<string, string>;
  return {
    title: c.title,
    summary_html: c.summary_html ?? '',
    variants: Object.fromEntries(VARIANT_KEYS.map((k) => [k, variants[k] ?? ''])) as NodeContentFields['variants'],
    sources: (c.sources ?? []).map((s) => ({ title: s.title, url: s.url, type: s.type })),
  };
}

/** Stored html is kept as given; what leaves the server is sanitised. */
function toNodeDraft(subjectId: string, nodeId: string, c: NodeContentFields, hasOverlay: boolean) {
  const content = contentOf(c);
  return {
    id: nodeId,
    subjectId,
    title: content.title,
    summary_html: sanitize(content.summary_html),
    variants: Object.fromEntries(VARIANT_KEYS.map((k) => [k, sanitize(content.variants[k])])),
    sources: content.sources,
    hasOverlay,
  };
}

/** The Studio's draft overlay and the subject versions publishing it creates. */
@Injectable()
export class VersionsService {
  constructor(
    private readonly em: EntityManager,
    private readonly repo: VersionsRepository,
    private readonly catalog: CatalogService,
    private readonly media: MediaLibraryService,
  ) {}

  private async requireSubject(input: string): Promise<string> {
    const id = await this.catalog.resolveSubjectId(input, { anyState: true });
    if (!id) throw new NotFoundException('Subject not found');
    return id;
  }

  private async requireNode(em: EntityManager, subjectId: string, nodeId: string): Promise<NodeContentRecord> {
    const node = await this.repo.findPublished(em, subjectId, nodeId);
    if (!node) throw new NotFoundException('Node not found');
    return node;
  }

  async getNode(subjectInput: string, nodeId: string) {
    const subjectId = await this.requireSubject(subjectInput);
    const node = await this.requireNode(this.em, subjectId, nodeId);
    const overlay = await this.repo.findOverlay(this.em, subjectId, nodeId);
    return toNodeDraft(subjectId, nodeId, overlay ?? node, overlay !== null);
  }

  async saveNode(subjectInput: string, nodeId: string, dto: SaveNodeDraftDto, userId: string) {
    const subjectId = await this.requireSubject(subjectInput);
    const saved = await this.em.transactional(async (tx) => {
      // waits for a publish or reset of this subject in progress, so an edit is never lost between them
      await this.repo.lockSubject(tx, subjectId, 'save');
      const node = await this.requireNode(tx, subjectId, nodeId);
      const current = (await this.repo.findOverlay(tx, subjectId, nodeId)) ?? node;
      const content = contentOf({
        title: dto.title ?? current.title,
        summary_html: dto.summary_html,
        variants: {
          beginner: dto.variants.beginner,
          advanced: dto.variants.advanced,
          practical: dto.variants.practical,
          theoretical: dto.variants.theoretical,
        },
        sources: dto.sources,
      });
      await this.repo.upsertOverlay(tx, subjectId, nodeId, content, userId);
      return content;
    });
    return toNodeDraft(subjectId, nodeId, saved, true);
  }

  async listVersions(subjectInput: string) {
    const subjectId = await this.requireSubject(subjectInput);
    const [versions, hasOverlay] = await Promise.all([
      this.repo.listVersions(subjectId),
      this.repo.hasOverlay(subjectId),
    ]);
    return {
      versions: versions.map((v) => ({
        id: `${subjectId}@${v.version}`,
        version: v.version,
        published: true as const,
        createdAt: new Date(v.created_at).toISOString(),
        changedNodes: v.changed_nodes,
      })),
      hasOverlay,
    };
  }

  /**
   * Publishing marks the audio and video of the changed nodes stale (they still play, and the next
   * bulk run re-makes them).
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
            overlays.map((o) => o.node_id),
          )
        ).map((n) => [n.id, n]),
      );
      const changes: { nodeId: string; before: NodeContentFields; after: NodeContentFields; hash: string }[] = [];
      for (const o of overlays) {
        const node = published.get(o.node_id);
        if (!node) continue;
        const before = contentOf(node);
        const after = contentOf(o.content);
        const hash = contentHash(after);
        if (hash !== contentHash(before)) changes.push({ nodeId: o.node_id, before, after, hash });
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
      return { version, changedNodes };
    });
    if (!outcome) throw new ConflictException(NO_CHANGES_MESSAGE);
    // After the commit: stale marks of a publish that rolled back would send audio to be re-made for nothing.
    await this.media.markStale(subjectId, outcome.changedNodes);
    return outcome;
  }

  async reset(subjectInput: string): Promise<{ discarded: number }> {
    const subjectId = await this.requireSubject(subjectInput);
    return this.em.transactional(async (tx) => {
      await this.repo.lockSubject(tx, subjectId, 'publish');
      return { discarded: await this.repo.deleteOverlays(tx, subjectId) };
    });
  }
}
