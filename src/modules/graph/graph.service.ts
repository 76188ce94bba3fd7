import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { MasteryService } from '../assessment/mastery.service';
import { QuizItemsService } from '../assessment/quiz-items.service';
import { CatalogService } from '../catalog/catalog.service';
import { MediaLibraryService } from '../media/media-library.service';
import { GraphRepository } from './graph.repository';
import { type CachedGraph, GraphCache } from './graph-cache.service';
import {
  type GraphMasteryResponse,
  type GraphResponse,
  type NodePage,
  type NodeDetailResponse,
  type NodeLectureResponse,
  type NodeVideoResponse,
  safeUrl,
  toGraphMasteryResponse,
  toGraphResponse,
  toNodeDetailResponse,
} from './graph-response';
import { TopicReader } from './structure/topic-reader.service';
import { OverlayReader } from './versions/overlay-reader';

export const TOPIC_NOT_FOUND = 'Topic not found';
export const PREVIEW_FORBIDDEN = 'Only studio users can preview the draft overlay.';

/** The learner's view of a subject's graph and its topics. */
@Injectable()
export class GraphService {
  constructor(
    private readonly repo: GraphRepository,
    private readonly overlays: OverlayReader,
    private readonly mastery: MasteryService,
    private readonly topics: TopicReader,
    private readonly catalog: CatalogService,
    private readonly quizItems: QuizItemsService,
    private readonly media: MediaLibraryService,
    private readonly cache: GraphCache,
  ) {}

  /**
   * The node's video as the caller can play it: a media library file (stored as `/media/<subject>/<fileName>`)
   * as a URL signed for the caller, with its signed WebVTT captions (null when the file is gone, or is
   * another subject's); any other http(s) or same-origin URL as it is, without captions.
   */
  private async playableVideo(
    subjectId: string,
    stored: { url?: unknown; title?: unknown } | null | undefined,
    userId: string,
  ): Promise<NodeVideoResponse | null> {
    if (!stored || typeof stored.url !== 'string') return null;
    const title = typeof stored.title === 'string' ? stored.title : '';
    const url = stored.url.trim();
    if (url.startsWith('/media/')) {
      const signed = await this.media.signedReference(subjectId, url, userId);
      return signed ? { url: signed.url, title, captions: signed.captions } : null;
    }
    const safe = safeUrl(url);
    return safe ? { url: safe, title, captions: null } : null;
  }

  /** The topic's lecture for the caller (video, else audio, signed for them); 404 when the topic has none. */
  async lecture(user: AuthUser, subjectId: string, nodeId: string): Promise<NodeLectureResponse> {
    const lecture = await this.media.sectionLecture(subjectId, nodeId, user.id);
    if (!lecture) throw new NotFoundException('No lecture for this topic yet');
    return lecture;
  }

  /** The caller's P(known) per topic (BKT, from the assessment module); 0 without a caller or evidence. */
  private levels(userId: string | undefined, subjectId: string): Promise<Map<string, number>> {
    return userId ? this.mastery.topicLevels(userId, subjectId) : Promise.resolve(new Map());
  }

  /**
   * The subject's latest published graph as served (serialised, with its ETag): the same for every
   * caller, so it is built once per published version or import and shared through GraphCache.
   */
  graph(subjectId: string): Promise<CachedGraph> {
    return this.cache.get(subjectId, () => this.buildGraph(subjectId));
  }

  private async buildGraph(subjectId: string): Promise<GraphResponse> {
    const [subject, version, modules, nodes] = await Promise.all([
      this.catalog.subjectSummary(subjectId),
      this.repo.latestVersion(subjectId),
      this.topics.modules(subjectId),
      this.topics.liveTopics(subjectId, { summaries: true }),
    ]);
    if (!subject) throw new NotFoundException('Subject not found');
    return toGraphResponse(subject, version, modules, nodes);
  }

  /** The caller's mastery of the subject's topics (only those with evidence): the per-user part of the graph page. */
  async masteryLevels(subjectId: string, userId: string): Promise<GraphMasteryResponse> {
    return toGraphMasteryResponse(subjectId, await this.levels(userId, subjectId));
  }

  async node(user: AuthUser, subjectId: string, nodeId: string, preview?: 'overlay'): Promise<NodeDetailResponse> {
    if (preview === 'overlay' && !user.roles.includes('studio')) throw new ForbiddenException(PREVIEW_FORBIDDEN);
    const [[row, { items: quiz, level, check, complete }], draft] = await Promise.all([
      // the node, and from assessment its items and the caller's level of this topic alone (not the
      // subject's thousands of rows), in one round trip
      this.repo.findNodeDetailWith(
        subjectId,
        nodeId,
        user.id,
        this.quizItems.topicPageRead(subjectId, nodeId, user.id),
      ),
      preview === 'overlay' ? this.overlays.preview(subjectId, nodeId) : Promise.resolve(null),
    ]);
    if (preview === 'overlay') {
      // the topic as the next publish makes it: every content field of the draft, a topic added in the Studio too
      if (!draft) throw new NotFoundException(TOPIC_NOT_FOUND);
      const { content } = draft;
      const page: NodePage = {
        id: nodeId,
        title: content.title,
        category: draft.category,
        moduleId: content.moduleId,
        summaryHtml: content.summaryHtml,
        lessonHtml: content.lessonHtml,
        variants: content.variants,
        sources: content.sources,
        prerequisites: draft.prerequisites,
        bookmarked: row?.bookmarked ?? false,
      };
      const video = await this.playableVideo(subjectId, content.video, user.id);
      return toNodeDetailResponse(subjectId, page, draft.quiz ?? quiz, level, video, { check, complete });
    }
    if (!row) throw new NotFoundException(TOPIC_NOT_FOUND);
    const video = await this.playableVideo(subjectId, row.video, user.id);
    return toNodeDetailResponse(subjectId, row, quiz, level, video, { check, complete });
  }
}
