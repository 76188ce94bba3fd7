import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { CourseStructureRepository, type TopicRow } from './course-structure.repository';

export interface Topic {
  id: string;
  title: string;
  moduleId: string;
  moduleTitle: string;
  /** a free preview sample */
  preview: boolean;
  /** ids of its live prerequisites, in reading order */
  prerequisites: string[];
  /** only when asked for (`{ summaries: true }`) */
  summaryHtml?: string;
}

export interface TopicName {
  id: string;
  title: string;
  moduleId: string;
  moduleTitle: string;
}

export interface TopicContent extends TopicName {
  preview: boolean;
  summaryHtml: string;
  lessonHtml: string;
}

export interface CourseModule {
  id: string;
  title: string;
}

const toTopic = (r: TopicRow): Topic => ({
  id: r.id,
  title: r.title,
  moduleId: r.module_id,
  moduleTitle: r.module_title,
  preview: !!r.preview,
  prerequisites: r.prerequisites ?? [],
  ...(r.summary_html !== undefined ? { summaryHtml: r.summary_html } : {}),
});

/**
 * The one way to read a subject's course structure (live topics in reading order, their
 * prerequisites, modules, the published version) from outside the graph: assessment, practice, tutor,
 * catalog, auth and challenges' certificates.
 */
@Injectable()
export class TopicReader {
  constructor(
    private readonly em: EntityManager,
    private readonly repo: CourseStructureRepository,
  ) {}

  /** Live topics in reading order with their live prerequisites (and summaries when asked). */
  async liveTopics(subjectId: string, opts: { summaries?: boolean } = {}): Promise<Topic[]> {
    return (await this.repo.topics(this.em, subjectId, !!opts.summaries)).map(toTopic);
  }

  /**
   * The subject's latest published content version: 0 while it is as imported, 1 after the Studio's first
   * publish (a certificate records which content it certifies).
   */
  publishedVersion(subjectId: string): Promise<number> {
    return this.repo.publishedVersion(subjectId);
  }

  /** The subject's modules in order. */
  async modules(subjectId: string): Promise<CourseModule[]> {
    return (await this.repo.modules(subjectId)).map((m) => ({ id: m.id, title: m.title }));
  }

  /** Titles and modules of these topics, archived ones included; unknown ids are left out. */
  async names(em: EntityManager, subjectId: string, ids: string[]): Promise<TopicName[]> {
    if (ids.length === 0) return [];
    const rows = await this.repo.named(em, subjectId, ids);
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      moduleId: r.module_id,
      moduleTitle: r.module_title ?? r.module_id,
    }));
  }

  /** One live topic with its html, or null. */
  async content(subjectId: string, id: string): Promise<TopicContent | null> {
    const r = await this.repo.content(subjectId, id);
    return r
      ? {
          id: r.id,
          title: r.title,
          moduleId: r.module_id,
          moduleTitle: r.module_title,
          preview: !!r.preview,
          summaryHtml: r.summary_html,
          lessonHtml: r.lesson_html,
        }
      : null;
  }
}
