import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, HttpException, Injectable, NotFoundException } from '@nestjs/common';
import { DetailedHttpException } from '../../../common/http/detailed-http.exception';
import { QuizDraftsService } from '../../assessment/quiz-drafts.service';
import { CatalogService } from '../../catalog/catalog.service';
import { contentProblem, etagOf, findCycle, ifMatches, resolveDraft, slugId } from './draft-rules';
import type { DraftContent, NodeDraftView, OutlineView } from './draft-types';
import {
  type CreateNodeDto,
  type SaveNodeDraftDto,
  type SaveOutlineDto,
  toNodeDraftResponse,
  toOutlineResponse,
} from './dto/versions.dto';
import {
  type ModuleRecord,
  type NodeContentRecord,
  type PublishedNodeRecord,
  VersionsRepository,
} from './versions.repository';

export const IF_MATCH_REQUIRED = 'If-Match is required: reload the topic and save again';
export const OUTLINE_IF_MATCH_REQUIRED = 'If-Match is required: reload the outline and save again';
export const NODE_STALE = 'Someone saved this topic since you loaded it: reload it, or save again to overwrite';
export const OUTLINE_STALE = 'The outline changed since you loaded it: reload it and move the topics again';

function fieldError(field: string, message: string): DetailedHttpException {
  return new DetailedHttpException(400, message, { field });
}

/** A draft as stored: every field a learner sees, and whether the topic was added in the Studio. */
function stored(content: DraftContent, created: boolean): NodeContentRecord {
  return {
    title: content.title,
    summaryHtml: content.summaryHtml,
    lessonHtml: content.lessonHtml,
    variants: { ...content.variants },
    sources: content.sources.map((s) => ({ title: s.title, url: s.url, type: s.type })),
    video: content.video,
    moduleId: content.moduleId,
    prerequisites: [...content.prerequisites],
    position: content.position,
    retired: content.retired,
    ...(created ? { created: true } : {}),
  };
}

/** The whole subject as its draft has it: every published topic and every draft topic. */
class SubjectDraft {
  readonly ids: string[];

  constructor(
    readonly subjectId: string,
    readonly published: Map<string, PublishedNodeRecord>,
    readonly overlays: Map<string, NodeContentRecord>,
    readonly modules: ModuleRecord[],
    readonly quizDrafts: Map<string, string>,
  ) {
    this.ids = [...new Set([...published.keys(), ...[...overlays.keys()].filter((id) => this.exists(id))])];
  }

  /** A published topic, or one the Studio added (a draft without a published row, orphan drafts aside). */
  exists(id: string): boolean {
    return this.published.has(id) || this.overlays.get(id)?.created === true;
  }

  created(id: string): boolean {
    return !this.published.has(id) && this.overlays.get(id)?.created === true;
  }

  content(id: string): DraftContent {
    return resolveDraft(this.published.get(id) ?? null, this.overlays.get(id) ?? null);
  }

  draft(id: string): boolean {
    return this.overlays.has(id) || this.quizDrafts.has(id);
  }

  get hasOverlay(): boolean {
    return this.ids.some((id) => this.draft(id));
  }
}

/**
 * The Studio's drafts of topics and of the outline: every write names the ETag it was based on and is checked
 * against the current draft under a lock, so two editors never lose an edit without a word. The topic's quiz items
 * are assessment's (its `QuizDraftsService`), saved in the same transaction.
 */
@Injectable()
export class DraftsService {
  constructor(
    private readonly em: EntityManager,
    private readonly repo: VersionsRepository,
    private readonly catalog: CatalogService,
    private readonly quiz: QuizDraftsService,
  ) {}

  private async requireSubject(input: string): Promise<string> {
    const id = await this.catalog.resolveSubjectId(input, { anyState: true });
    if (!id) throw new NotFoundException('Subject not found');
    return id;
  }

  private async subjectDraft(em: EntityManager, subjectId: string): Promise<SubjectDraft> {
    const published = await this.repo.allPublished(em, subjectId);
    const overlays = await this.repo.overlays(em, subjectId);
    const modules = await this.repo.modules(em, subjectId);
    const quizDrafts = await this.quiz.draftDigests(em, subjectId);
    return new SubjectDraft(
      subjectId,
      new Map(published.map((p) => [p.id, p])),
      new Map(overlays.map((o) => [o.nodeId, o.content])),
      modules,
      quizDrafts,
    );
  }

  /** One topic's draft as the editor reads it, with its ETag; 404 when the subject has no such topic. */
  private async view(em: EntityManager, subjectId: string, nodeId: string): Promise<NodeDraftView> {
    const published = await this.repo.findPublished(em, subjectId, nodeId);
    const overlay = await this.repo.findOverlay(em, subjectId, nodeId);
    const created = !published && overlay?.created === true;
    if (!published && !created) throw new NotFoundException('Node not found');
    const content = resolveDraft(published, overlay);
    const quiz = await this.quiz.studioItems(em, subjectId, nodeId);
    const etag = etagOf({ content, quiz: quiz.items, created });
    return { subjectId, nodeId, content, quiz: quiz.items, hasOverlay: overlay !== null || quiz.draft, created, etag };
  }

  async getNode(subjectInput: string, nodeId: string): Promise<NodeDraftView> {
    const subjectId = await this.requireSubject(subjectInput);
    return this.view(this.em, subjectId, nodeId);
  }

  /**
   * Saves a topic's whole draft against the ETag it was based on: 428 without one, 412 (with the current draft)
   * when someone saved since, a field-named 400 for content a learner would not get as written. The topic's draft
   * lock makes two saves based on the same ETag run one after the other: the second finds the ETag changed.
   */
  async saveNode(
    subjectInput: string,
    nodeId: string,
    dto: SaveNodeDraftDto,
    ifMatch: string | undefined,
    userId: string,
  ): Promise<NodeDraftView> {
    const subjectId = await this.requireSubject(subjectInput);
    return this.em.transactional(async (tx) => {
      // waits for a publish or reset of this subject in progress, so an edit is never lost between them
      await this.repo.lockSubject(tx, subjectId, 'save');
      await this.repo.lockNodeDraft(tx, subjectId, nodeId);
      const current = await this.view(tx, subjectId, nodeId);
      if (!ifMatch) throw new HttpException(IF_MATCH_REQUIRED, 428);
      if (!ifMatches(ifMatch, current.etag))
        throw new DetailedHttpException(412, NODE_STALE, { current: toNodeDraftResponse(current) });

      const quiz = dto.quiz.map((q) => ({
        ...(q.id ? { id: q.id } : {}),
        stem: q.stem,
        choices: q.choices.map((c) => ({ id: c.id, text: c.text })),
        correct: q.correct,
        explanation: q.explanation,
        difficulty: q.difficulty,
        // contentProblem below refuses any other value
        use: (q.use ?? 'assessment') as 'check' | 'assessment',
      }));
      const problem = contentProblem({
        summaryHtml: dto.summary_html,
        lessonHtml: dto.lesson_html,
        variants: dto.variants,
        quiz,
      });
      if (problem) throw fieldError(problem.field, problem.message);

      const subject = await this.subjectDraft(tx, subjectId);
      if (!subject.modules.some((m) => m.id === dto.moduleId))
        throw fieldError('moduleId', `moduleId: no module "${dto.moduleId}" in ${subjectId}`);
      const prerequisites = [...new Set(dto.prerequisites)];
      for (const p of prerequisites) {
        if (p === nodeId) throw fieldError('prerequisites', 'prerequisites: a topic cannot build on itself');
        if (!subject.exists(p) || subject.content(p).retired)
          throw fieldError('prerequisites', `prerequisites: no topic "${p}" in ${subjectId}`);
      }
      const cycle = findCycle(nodeId, prerequisites, (id) =>
        subject.exists(id) ? subject.content(id).prerequisites : [],
      );
      if (cycle) throw fieldError('prerequisites', `prerequisites: ${cycle.join(' → ')} would make a cycle`);

      const content: DraftContent = {
        title: dto.title.trim(),
        summaryHtml: dto.summary_html,
        lessonHtml: dto.lesson_html,
        variants: {
          beginner: dto.variants.beginner,
          advanced: dto.variants.advanced,
          practical: dto.variants.practical,
          theoretical: dto.variants.theoretical,
        },
        sources: dto.sources.map((s) => ({ title: s.title, url: s.url, type: s.type })),
        video:
          dto.video === undefined
            ? current.content.video
            : dto.video && { url: dto.video.url, title: dto.video.title ?? dto.title.trim() },
        moduleId: dto.moduleId,
        prerequisites,
        position: dto.position ?? current.content.position,
        retired: current.content.retired,
      };
      await this.repo.upsertOverlay(tx, subjectId, nodeId, stored(content, current.created), userId);
      await this.quiz.saveDraft(tx, subjectId, nodeId, quiz, userId);
      return this.view(tx, subjectId, nodeId);
    });
  }

  /** A new topic in the draft, appended to its module, empty until edited; live on the next publish. */
  async createNode(subjectInput: string, dto: CreateNodeDto, userId: string): Promise<NodeDraftView> {
    const subjectId = await this.requireSubject(subjectInput);
    return this.em.transactional(async (tx) => {
      // exclusive: two creations choosing ids (or a publish) run one after the other
      await this.repo.lockSubject(tx, subjectId, 'publish');
      const subject = await this.subjectDraft(tx, subjectId);
      if (!subject.modules.some((m) => m.id === dto.moduleId))
        throw fieldError('moduleId', `moduleId: no module "${dto.moduleId}" in ${subjectId}`);
      const taken = (id: string) => subject.published.has(id) || subject.overlays.has(id);
      if (dto.id && taken(dto.id))
        throw new ConflictException(`A topic with id "${dto.id}" already exists in ${subjectId}`);
      const nodeId = dto.id ?? slugId(dto.title, taken);
      const position = Math.max(-1, ...subject.ids.map((id) => subject.content(id).position)) + 1;
      const content: DraftContent = {
        title: dto.title.trim(),
        summaryHtml: '',
        lessonHtml: '',
        variants: { beginner: '', advanced: '', practical: '', theoretical: '' },
        sources: [],
        video: null,
        moduleId: dto.moduleId,
        prerequisites: [],
        position,
        retired: false,
      };
      await this.repo.upsertOverlay(tx, subjectId, nodeId, stored(content, true), userId);
      return this.view(tx, subjectId, nodeId);
    });
  }

  /**
   * Retires a topic in the draft (or restores it). Topics building on a retired one lose it as a prerequisite in
   * their drafts (`droppedFrom`); learners' data about it is never touched.
   */
  async setRetired(
    subjectInput: string,
    nodeId: string,
    retired: boolean,
    userId: string,
  ): Promise<{ draft: NodeDraftView; droppedFrom: string[] }> {
    const subjectId = await this.requireSubject(subjectInput);
    return this.em.transactional(async (tx) => {
      await this.repo.lockSubject(tx, subjectId, 'publish');
      const current = await this.view(tx, subjectId, nodeId);
      const droppedFrom: string[] = [];
      if (current.content.retired !== retired)
        await this.repo.upsertOverlay(
          tx,
          subjectId,
          nodeId,
          stored({ ...current.content, retired }, current.created),
          userId,
        );
      if (retired) {
        const subject = await this.subjectDraft(tx, subjectId);
        for (const id of subject.ids) {
          if (id === nodeId) continue;
          const content = subject.content(id);
          if (!content.prerequisites.includes(nodeId)) continue;
          const prerequisites = content.prerequisites.filter((p) => p !== nodeId);
          await this.repo.upsertOverlay(
            tx,
            subjectId,
            id,
            stored({ ...content, prerequisites }, subject.created(id)),
            userId,
          );
          droppedFrom.push(id);
        }
      }
      return { draft: await this.view(tx, subjectId, nodeId), droppedFrom };
    });
  }

  /** The outline; `checkItems` annotates each topic with its check items (not part of the outline's ETag). */
  private outlineOf(subject: SubjectDraft, checkItems = new Map<string, number>()): OutlineView {
    const moduleTitles = new Map(subject.modules.map((m) => [m.id, m.title]));
    const live = subject.ids
      .map((id) => ({ id, content: subject.content(id) }))
      .sort((a, b) => a.content.position - b.content.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const byModule = new Map<string, OutlineView['modules'][number]>(
      subject.modules.map((m) => [m.id, { id: m.id, title: m.title, topics: [] }]),
    );
    const retired: OutlineView['retired'] = [];
    for (const { id, content } of live) {
      if (content.retired) {
        retired.push({ id, title: content.title, moduleId: content.moduleId, draft: subject.draft(id) });
        continue;
      }
      let group = byModule.get(content.moduleId);
      if (!group) {
        // a topic of a module the course no longer lists: shown under its id, so it can be moved
        group = { id: content.moduleId, title: moduleTitles.get(content.moduleId) ?? content.moduleId, topics: [] };
        byModule.set(content.moduleId, group);
      }
      group.topics.push({
        id,
        title: content.title,
        draft: subject.draft(id),
        created: subject.created(id),
        checkItems: checkItems.get(id) ?? 0,
      });
    }
    const modules = [...byModule.values()];
    // the ETag guards moves in the outline: a quiz edit (which changes checkItems) does not make an outline stale
    const etag = etagOf({
      modules: modules.map((m) => ({ ...m, topics: m.topics.map(({ checkItems: _c, ...t }) => t) })),
      retired,
    });
    return { subjectId: subject.subjectId, modules, retired, hasOverlay: subject.hasOverlay, etag };
  }

  async outline(subjectInput: string): Promise<OutlineView> {
    const subjectId = await this.requireSubject(subjectInput);
    return this.outlineOf(
      await this.subjectDraft(this.em, subjectId),
      await this.quiz.checkItemCounts(this.em, subjectId),
    );
  }

  /**
   * Moves and reorders topics: every non-retired topic listed once, in its module, in reading order. Topics whose
   * module or place changed get it in their drafts; a topic keeps its position while the order allows it.
   */
  async saveOutline(
    subjectInput: string,
    dto: SaveOutlineDto,
    ifMatch: string | undefined,
    userId: string,
  ): Promise<OutlineView> {
    const subjectId = await this.requireSubject(subjectInput);
    return this.em.transactional(async (tx) => {
      await this.repo.lockSubject(tx, subjectId, 'publish');
      const subject = await this.subjectDraft(tx, subjectId);
      const current = this.outlineOf(subject, await this.quiz.checkItemCounts(tx, subjectId));
      if (!ifMatch) throw new HttpException(OUTLINE_IF_MATCH_REQUIRED, 428);
      if (!ifMatches(ifMatch, current.etag))
        throw new DetailedHttpException(412, OUTLINE_STALE, { current: toOutlineResponse(current) });

      const known = new Set(subject.modules.map((m) => m.id));
      const listed = new Map<string, string>();
      for (const [i, m] of dto.modules.entries()) {
        if (!known.has(m.id))
          throw fieldError(`modules[${i}].id`, `modules[${i}].id: no module "${m.id}" in ${subjectId}`);
        for (const id of m.topicIds) {
          const field = `modules[${i}].topicIds`;
          if (!subject.exists(id)) throw fieldError(field, `${field}: no topic "${id}" in ${subjectId}`);
          if (subject.content(id).retired) throw fieldError(field, `${field}: "${id}" is retired: restore it first`);
          if (listed.has(id)) throw fieldError(field, `${field}: "${id}" is listed twice`);
          listed.set(id, m.id);
        }
      }
      const missing = subject.ids.filter((id) => !subject.content(id).retired && !listed.has(id));
      if (missing.length)
        throw fieldError('modules', `modules: every topic must be listed once; missing: ${missing.join(', ')}`);

      let last = -1;
      for (const m of dto.modules) {
        for (const id of m.topicIds) {
          const content = subject.content(id);
          const position = content.position > last ? content.position : last + 1;
          last = position;
          if (position === content.position && m.id === content.moduleId) continue;
          await this.repo.upsertOverlay(
            tx,
            subjectId,
            id,
            stored({ ...content, moduleId: m.id, position }, subject.created(id)),
            userId,
          );
        }
      }
      return this.outlineOf(await this.subjectDraft(tx, subjectId), await this.quiz.checkItemCounts(tx, subjectId));
    });
  }
}
