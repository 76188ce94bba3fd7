import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { AuditService } from '../../audit/audit.service';
import { CatalogService } from '../../catalog/catalog.service';
import { MediaLibraryService, mediaPath, parseMediaReference } from '../../media/media-library.service';
import { contentHash } from '../../../common/content-hash';
import { DetailedHttpException } from '../../../common/http/detailed-http.exception';
import { QuizDraftsService } from '../../assessment/quiz-drafts.service';
import type { NodeVideo } from '../entities';
import { GraphCache } from '../graph-cache.service';
import { etagOf, ifMatches, resolveDraft } from './draft-rules';
import type { DraftContent } from './draft-types';
import { toVersionListResponse } from './dto/versions.dto';
import { type NodeContentRecord, type VersionRecord, VersionsRepository } from './versions.repository';

export const NO_CHANGES_MESSAGE = 'There are no unpublished changes';
export const DRAFT_STALE = 'The draft changed since you loaded it: review the changes and publish again';

/** Exactly the content a version tracks of a topic, in a stable shape (for hashing and snapshots). */
function tracked(c: DraftContent): NodeContentRecord {
  return {
    title: c.title,
    summaryHtml: c.summaryHtml,
    variants: { ...c.variants },
    sources: c.sources.map((s) => ({ title: s.title, url: s.url, type: s.type })),
    ...(c.video ? { video: { url: c.video.url, title: c.video.title } } : {}),
    lessonHtml: c.lessonHtml,
    moduleId: c.moduleId,
    prerequisites: [...c.prerequisites].sort(),
    position: c.position,
    retired: c.retired,
  };
}

/** What a topic's speech and video are made from: its text (not its video, place, module or prerequisites). */
function mediaSourceHash(c: DraftContent): string {
  return contentHash({
    title: c.title,
    summaryHtml: c.summaryHtml,
    lessonHtml: c.lessonHtml,
    variants: c.variants,
    sources: c.sources,
  });
}

const EMPTY: DraftContent = {
  title: '',
  summaryHtml: '',
  lessonHtml: '',
  variants: { beginner: '', advanced: '', practical: '', theoretical: '' },
  sources: [],
  video: null,
  moduleId: '',
  prerequisites: [],
  position: 0,
  retired: false,
};

/** The Studio's draft overlay and the subject versions publishing it creates. */
@Injectable()
export class VersionsService {
  constructor(
    private readonly em: EntityManager,
    private readonly repo: VersionsRepository,
    private readonly catalog: CatalogService,
    private readonly media: MediaLibraryService,
    private readonly graphCache: GraphCache,
    private readonly quiz: QuizDraftsService,
    private readonly audit: AuditService,
  ) {}

  private async requireSubject(input: string): Promise<string> {
    const id = await this.catalog.resolveSubjectId(input, { anyState: true });
    if (!id) throw new NotFoundException('Subject not found');
    return id;
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
    return this.setNodeVideo(subjectId, nodeId, { url: mediaPath(file) }, userId, (tx) =>
      this.audit.record(
        {
          actorId: userId,
          action: 'media.attach',
          target: { type: 'media', id: file.id },
          details: { subjectId, nodeId, fileName: file.fileName },
        },
        tx,
      ),
    );
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
    /** the audit entry of the change, written in its transaction */
    audit: (tx: EntityManager) => Promise<void>,
  ): Promise<{ subjectId: string; nodeId: string; video: NodeVideo }> {
    return this.em.transactional(async (tx) => {
      await this.repo.lockSubject(tx, subjectId, 'save');
      await this.repo.lockNodeDraft(tx, subjectId, nodeId);
      const published = await this.repo.findPublished(tx, subjectId, nodeId);
      const overlay = await this.repo.findOverlay(tx, subjectId, nodeId);
      const created = !published && overlay?.created === true;
      if (!published && !created) throw new NotFoundException('Node not found');
      const current = resolveDraft(published, overlay);
      const set: NodeVideo = { url: video.url, title: video.title ?? current.title };
      await this.repo.upsertOverlay(
        tx,
        subjectId,
        nodeId,
        {
          ...tracked({ ...current, video: set }),
          prerequisites: current.prerequisites,
          ...(created ? { created } : {}),
        },
        userId,
      );
      await audit(tx);
      return { subjectId, nodeId, video: set };
    });
  }

  /** The ETag of the subject's whole draft (draft topics and draft quiz items), and whether it has any. */
  private async draftState(em: EntityManager, subjectId: string): Promise<{ etag: string; hasOverlay: boolean }> {
    const overlays = await this.repo.overlays(em, subjectId);
    const quiz = await this.quiz.draftDigests(em, subjectId);
    return {
      etag: etagOf({ overlays, quiz: [...quiz.entries()] }),
      hasOverlay: overlays.length > 0 || quiz.size > 0,
    };
  }

  /** The subject's versions, newest first, whether it has unpublished draft edits, and the draft's ETag. */
  async listVersions(
    subjectInput: string,
  ): Promise<{ subjectId: string; versions: VersionRecord[]; hasOverlay: boolean; etag: string }> {
    const subjectId = await this.requireSubject(subjectInput);
    const [versions, state] = await Promise.all([
      this.repo.listVersions(subjectId),
      this.draftState(this.em.fork(), subjectId),
    ]);
    return { subjectId, versions, ...state };
  }

  /**
   * Publishes the subject's draft in one transaction: the draft topics (content, module, place, prerequisites, new
   * topics, retirements) and assessment's draft quiz items. Each changed topic is recorded in a new version and
   * marked Studio-edited (imports leave it alone); the audio and video of topics whose text changed are marked
   * stale after the commit. The subject's version lock is taken first, so concurrent publishes (and saves) of a
   * subject run one after the other; the second finds the draft gone. With `ifMatch`, a draft that changed since
   * the caller read it is a 412 with the current list.
   */
  async publish(
    subjectInput: string,
    userId: string,
    ifMatch?: string,
  ): Promise<{ version: number; changedNodes: string[] }> {
    const subjectId = await this.requireSubject(subjectInput);
    const outcome = await this.em.transactional(async (tx) => {
      await this.repo.lockSubject(tx, subjectId, 'publish');
      if (ifMatch !== undefined) {
        const state = await this.draftState(tx, subjectId);
        if (!ifMatches(ifMatch, state.etag)) {
          const versions = await this.repo.listVersionsIn(tx, subjectId);
          throw new DetailedHttpException(412, DRAFT_STALE, {
            current: toVersionListResponse(subjectId, versions, state.hasOverlay, state.etag),
          });
        }
      }
      const overlays = await this.repo.lockOverlays(tx, subjectId);
      const published = new Map(
        (
          await this.repo.lockPublished(
            tx,
            subjectId,
            overlays.map((o) => o.nodeId),
          )
        ).map((n) => [n.id, n]),
      );
      const existing = new Set((await this.repo.allPublished(tx, subjectId)).map((n) => n.id));
      const changes: {
        nodeId: string;
        before: DraftContent;
        after: DraftContent;
        created: boolean;
        mediaChanged: boolean;
      }[] = [];
      for (const o of overlays) {
        const node = published.get(o.nodeId) ?? null;
        if (!node && !o.content.created) continue;
        const after = resolveDraft(node, o.content);
        // added and retired again before any publish: nothing to publish (its quiz draft goes too)
        if (!node && after.retired) continue;
        const before = node ? resolveDraft(node, null) : EMPTY;
        if (node && contentHash(tracked(after)) === contentHash(tracked(before))) continue;
        changes.push({
          nodeId: o.nodeId,
          before,
          after,
          created: !node,
          mediaChanged: mediaSourceHash(after) !== mediaSourceHash(before),
        });
      }
      // new topics first: the others' prerequisites and the quiz items may name them
      for (const c of changes.filter((x) => x.created)) {
        await this.repo.insertPublished(tx, subjectId, c.nodeId, c.after, contentHash(tracked(c.after)));
        existing.add(c.nodeId);
      }
      for (const c of changes) {
        if (!c.created)
          await this.repo.updatePublished(tx, subjectId, c.nodeId, c.after, contentHash(tracked(c.after)));
        const edges = c.after.prerequisites.filter((p) => existing.has(p) && p !== c.nodeId);
        if (c.created || [...edges].sort().join('\n') !== [...c.before.prerequisites].sort().join('\n'))
          await this.repo.replaceEdges(tx, subjectId, c.nodeId, edges);
      }
      const quizChanged = await this.quiz.publishDrafts(tx, subjectId, existing);
      // rows identical to the published content are stale drafts: discarded either way
      await this.repo.deleteOverlays(tx, subjectId);
      const contentChanged = new Set(changes.map((c) => c.nodeId));
      const quizOnly = quizChanged.filter((id) => !contentChanged.has(id));
      if (changes.length === 0 && quizOnly.length === 0) return null;
      await this.repo.markStudioEdited(tx, subjectId, quizOnly);
      const version = await this.repo.nextVersion(tx, subjectId);
      const changedNodes = [...changes.map((c) => c.nodeId), ...quizOnly].sort();
      await this.repo.insertVersion(tx, subjectId, version, changedNodes, userId);
      await this.audit.record(
        {
          actorId: userId,
          action: 'version.publish',
          target: { type: 'subject', id: subjectId },
          details: { version, changedNodes },
        },
        tx,
      );
      for (const c of changes)
        await this.repo.insertSnapshot(tx, subjectId, version, c.nodeId, tracked(c.before), tracked(c.after));
      for (const id of quizOnly) {
        // the quiz items are assessment's: the snapshot records that the topic changed, with its content as it is
        const same = tracked(
          resolveDraft(published.get(id) ?? (await this.repo.findPublished(tx, subjectId, id)), null),
        );
        await this.repo.insertSnapshot(tx, subjectId, version, id, same, same);
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

  /**
   * Discards the subject's draft (draft topics and quiz items); answers how many topics had a draft. Audited
   * when it discards something (a reset of no draft changes nothing).
   */
  async reset(subjectInput: string, userId: string): Promise<number> {
    const subjectId = await this.requireSubject(subjectInput);
    return this.em.transactional(async (tx) => {
      await this.repo.lockSubject(tx, subjectId, 'publish');
      const nodes = await this.repo.deleteOverlays(tx, subjectId);
      const quiz = await this.quiz.discardDrafts(tx, subjectId);
      const discardedNodes = [...new Set([...nodes, ...quiz])].sort();
      if (discardedNodes.length > 0)
        await this.audit.record(
          {
            actorId: userId,
            action: 'version.reset',
            target: { type: 'subject', id: subjectId },
            details: { discardedNodes },
          },
          tx,
        );
      return discardedNodes.length;
    });
  }
}
