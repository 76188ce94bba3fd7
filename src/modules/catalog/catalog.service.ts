import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { sanitize } from '../../common/html/sanitize';
import { TopicReader } from '../graph/structure/topic-reader.service';
import { CatalogRepository, CoursePageQuery, SubjectRecord } from './catalog.repository';

const PREVIEW_MODULES = 2;
const PREVIEW_LESSONS_PER_MODULE = 6;
const PREVIEW_SAMPLES = 2;

export const PREVIEW_LOCKED_MESSAGE = 'This lesson is part of the full course. Buy access to read it.';

function toSubject(s: SubjectRecord) {
  return {
    id: s.id,
    name: s.name,
    title: s.title,
    description: s.description,
    is_published: s.is_published,
    created_at: new Date(s.created_at).toISOString(),
  };
}

/** One subject's shop visibility, as the Studio's course list shows it. */
export interface CourseVisibility {
  subjectId: string;
  title: string;
  published: boolean;
}

function toCourseVisibility(s: Pick<SubjectRecord, 'id' | 'title' | 'is_published'>): CourseVisibility {
  return { subjectId: s.id, title: s.title, published: s.is_published };
}

/** The shop's public face: subjects, prices and the free preview. */
@Injectable()
export class CatalogService {
  constructor(
    private readonly repo: CatalogRepository,
    private readonly topics: TopicReader,
  ) {}

  async listSubjects(detailed: boolean) {
    const subjects = await this.repo.listSubjects();
    return detailed ? subjects.map(toSubject) : subjects.map((s) => s.id);
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
    if (byId && (byId.is_published || opts.forEntitlement || opts.anyState)) return byId.id;
    return this.repo.findByNameOrTitle(input, !!opts.anyState);
  }

  async requirePublishedSubject(input: string): Promise<SubjectRecord> {
    const id = await this.resolveSubjectId(input);
    const subject = id ? await this.repo.findSubject(id) : null;
    if (!subject || !subject.is_published) throw new NotFoundException('Subject not found');
    return subject;
  }

  /** id, name and title of any subject, published or not (for receipts and checkout pages). */
  async subjectSummary(id: string) {
    const s = await this.repo.findSubject(id);
    return s ? { id: s.id, name: s.name, title: s.title } : null;
  }

  async prices() {
    const rows = await this.repo.listPrices();
    return {
      prices: rows.map((p) => ({ subjectId: p.subject_id, currency: p.currency, amount: p.amount, priceId: p.id })),
    };
  }

  findPrice(priceId: string) {
    return this.repo.findPrice(priceId);
  }

  async preview(subjectInput: string) {
    const subject = await this.requirePublishedSubject(subjectInput);
    const [modules, nodes, prices] = await Promise.all([
      this.topics.modules(subject.id),
      this.topics.liveTopics(subject.id),
      this.repo.listPrices(),
    ]);
    const price = prices.find((p) => p.subject_id === subject.id);
    const samples = nodes.filter((n) => n.preview).slice(0, PREVIEW_SAMPLES);
    return {
      subject: { id: subject.id, name: subject.name, title: subject.title, description: subject.description },
      price: price ? { amount: price.amount, currency: price.currency, priceId: price.id } : null,
      modules: modules.slice(0, PREVIEW_MODULES).map((m) => {
        const lessons = nodes.filter((n) => n.moduleId === m.id);
        return {
          id: m.id,
          title: m.title,
          lessonCount: lessons.length,
          lessons: lessons
            .slice(0, PREVIEW_LESSONS_PER_MODULE)
            .map((n) => ({ id: n.id, title: n.title, preview: samples.some((s) => s.id === n.id) })),
        };
      }),
      samples: samples.map((n) => ({ id: n.id, title: n.title })),
    };
  }

  /** Only the free sample lessons are public; everything else of a course needs an entitlement. */
  async previewNode(subjectInput: string, nodeId: string) {
    const subject = await this.requirePublishedSubject(subjectInput);
    const node = await this.topics.content(subject.id, nodeId);
    if (!node) throw new NotFoundException('Lesson not found');
    const samples = (await this.topics.liveTopics(subject.id)).filter((n) => n.preview).slice(0, PREVIEW_SAMPLES);
    if (!samples.some((s) => s.id === node.id)) throw new ForbiddenException(PREVIEW_LOCKED_MESSAGE);
    return {
      id: node.id,
      title: node.title,
      category: node.moduleTitle,
      summary_html: sanitize(node.summaryHtml),
      lesson_html: sanitize(node.lessonHtml),
    };
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

  async setPublished(subjectId: string, published: boolean): Promise<CourseVisibility> {
    const subject = await this.repo.setPublished(subjectId, published);
    if (!subject) throw new NotFoundException('Subject not found');
    return toCourseVisibility(subject);
  }
}
