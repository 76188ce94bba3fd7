import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  CourseStructureRepository,
  type TopicContentRecord,
  type TopicNameRecord,
  type TopicRecord,
} from './course-structure.repository';

/** A live topic in reading order, with its module and live prerequisites (and its summary when asked for). */
export type Topic = TopicRecord;

/** A topic's names and its module's. */
export type TopicName = TopicNameRecord;

/** One live topic with its html (stored as given: sanitised by whoever serves it). */
export type TopicContent = TopicContentRecord;

export interface CourseModule {
  id: string;
  title: string;
}

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
  liveTopics(subjectId: string, opts: { summaries?: boolean } = {}): Promise<Topic[]> {
    return this.repo.topics(this.em, subjectId, !!opts.summaries);
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
    return this.repo.named(em, subjectId, ids);
  }

  /**
   * The video URLs the subject's live published topics carry (a media library file as
   * `/media/<subject>/<file>`, or an external URL): what the media library may show learners.
   */
  publishedVideoUrls(subjectId: string): Promise<string[]> {
    return this.repo.videoUrls(subjectId);
  }

  /** One live topic with its html, or null. */
  content(subjectId: string, id: string): Promise<TopicContent | null> {
    return this.repo.content(subjectId, id);
  }
}
