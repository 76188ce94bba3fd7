import { EntityManager } from '@mikro-orm/postgresql';
import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import { type Topic, type TopicContent, TopicReader } from '../graph/structure/topic-reader.service';
import { CatalogRepository, CoursePageQuery, PriceRecord, SubjectRecord } from './catalog.repository';

const PREVIEW_MODULES = 2;
const PREVIEW_LESSONS_PER_MODULE = 6;
const PREVIEW_SAMPLES = 2;

export const PREVIEW_LOCKED_MESSAGE = 'This lesson is part of the full course. Buy access to read it.';

/** What the shop shows of a course before it is bought: its first modules and lessons, and the free samples. */
export interface CoursePreview {
  subject: SubjectRecord;
  price: PriceRecord | null;
  modules: { id: string; title: string; lessonCount: number; lessons: Topic[] }[];
  samples: Topic[];
}

/** One subject's shop visibility, as the Studio's course list shows it. */
export interface CourseVisibility {
  subjectId: string;
  title: string;
  published: boolean;
}

function toCourseVisibility(s: Pick<SubjectRecord, 'id' | 'title' | 'isPublished'>): CourseVisibility {
  return { subjectId: s.id, title: s.title, published: s.isPublished };
}

/** The shop's public face: subjects, prices and the free preview. */
@Injectable()
export class CatalogService {
  constructor(
    private readonly em: EntityManager,
    private readonly repo: CatalogRepository,
    private readonly topics: TopicReader,
    private readonly audit: AuditService,
  ) {}

  /** The published subjects, in shop order. */
  listSubjects(): Promise<SubjectRecord[]> {
    return this.repo.listSubjects();
  }

  /**
   * The one subject lookup: an id, or a published subject's name or title. Entitlement checks also
   * accept the id of an unpublished subject (people who bought a course keep it when it leaves the
   * shop); the Studio (`anyState`) finds every subject by id, name or title.
   */
  async resolveSubjectId(
    input: string,
    opts: { forEntitlement?: boolean; anyState?: boolean } = {},
  ): Promise<string | null> {
    const byId = await this.repo.findSubject(input.trim());
    if (byId && (byId.isPublished || opts.forEntitlement || opts.anyState)) return byId.id;
    return this.repo.findByNameOrTitle(input, !!opts.anyState);
  }

  async requirePublishedSubject(input: string): Promise<SubjectRecord> {
    const id = await this.resolveSubjectId(input);
    const subject = id ? await this.repo.findSubject(id) : null;
    if (!subject || !subject.isPublished) throw new NotFoundException('Subject not found');
    return subject;
  }

  /** id, name and title of any subject, published or not (for receipts and checkout pages). */
  async subjectSummary(id: string) {
    const s = await this.repo.findSubject(id);
    return s ? { id: s.id, name: s.name, title: s.title } : null;
  }

  prices(): Promise<PriceRecord[]> {
    return this.repo.listPrices();
  }

  findPrice(priceId: string) {
    return this.repo.findPrice(priceId);
  }

  async preview(subjectInput: string): Promise<CoursePreview> {
    const subject = await this.requirePublishedSubject(subjectInput);
    const [modules, nodes, prices] = await Promise.all([
      this.topics.modules(subject.id),
      this.topics.liveTopics(subject.id),
      this.repo.listPrices(),
    ]);
    return {
      subject,
      price: prices.find((p) => p.subjectId === subject.id) ?? null,
      modules: modules.slice(0, PREVIEW_MODULES).map((m) => {
        const lessons = nodes.filter((n) => n.moduleId === m.id);
        return {
          id: m.id,
          title: m.title,
          lessonCount: lessons.length,
          lessons: lessons.slice(0, PREVIEW_LESSONS_PER_MODULE),
        };
      }),
      samples: nodes.filter((n) => n.preview).slice(0, PREVIEW_SAMPLES),
    };
  }

  /** Only the free sample lessons are public; everything else of a course needs an entitlement. */
  async previewNode(subjectInput: string, nodeId: string): Promise<TopicContent> {
    const subject = await this.requirePublishedSubject(subjectInput);
    const node = await this.topics.content(subject.id, nodeId);
    if (!node) throw new NotFoundException('Lesson not found');
    const samples = (await this.topics.liveTopics(subject.id)).filter((n) => n.preview).slice(0, PREVIEW_SAMPLES);
    if (!samples.some((s) => s.id === node.id)) throw new ForbiddenException(PREVIEW_LOCKED_MESSAGE);
    return node;
  }

  /** One page of every subject's shop visibility, published or not, for the Studio. */
  async listCourses(query: CoursePageQuery): Promise<{ courses: CourseVisibility[]; total: number }> {
    const { rows, total } = await this.repo.listCoursePage(query);
    return { courses: rows.map(toCourseVisibility), total };
  }

  async getCourse(subjectId: string): Promise<CourseVisibility> {
    const subject = await this.repo.findSubject(subjectId);
    if (!subject) throw new NotFoundException('Subject not found');
    return toCourseVisibility(subject);
  }

  /** Shows or hides the course in the shop; a change is audited in the same transaction (a no-op is not). */
  async setPublished(subjectId: string, published: boolean, actorId: string): Promise<CourseVisibility> {
    const subject = await this.em.transactional(async (tx) => {
      const set = await this.repo.setPublished(tx, subjectId, published);
      if (!set) throw new NotFoundException('Subject not found');
      if (set.wasPublished !== published)
        await this.audit.record(
          {
            actorId,
            action: 'course.visibility',
            target: { type: 'subject', id: subjectId },
            details: { before: { published: set.wasPublished }, after: { published } },
          },
          tx,
        );
      return set.subject;
    });
    return toCourseVisibility(subject);
  }
}
