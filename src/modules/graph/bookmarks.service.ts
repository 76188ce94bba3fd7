import { Injectable, NotFoundException } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { type BookmarkResponse, toBookmarkResponse } from './dto/bookmarks.dto';
import { BookmarksRepository } from './bookmarks.repository';
import { GraphRepository } from './graph.repository';
import { TOPIC_NOT_FOUND } from './graph.service';

/** A learner's own bookmarks, one per topic. */
@Injectable()
export class BookmarksService {
  constructor(
    private readonly repo: BookmarksRepository,
    private readonly graph: GraphRepository,
  ) {}

  async list(userId: string, subjectId?: string): Promise<BookmarkResponse[]> {
    return (await this.repo.list(userId, subjectId ?? null)).map(toBookmarkResponse);
  }

  /** `subjectId` is the entitlement guard's resolved id. `created` is false when it already existed. */
  async add(
    userId: string,
    subjectId: string,
    nodeId: string,
  ): Promise<{ created: boolean; bookmark: BookmarkResponse }> {
    if (!(await this.graph.findNode(subjectId, nodeId))) throw new NotFoundException(TOPIC_NOT_FOUND);
    const created = await this.repo.insert(randomUUID(), userId, subjectId, nodeId);
    const row = await this.repo.find(userId, subjectId, nodeId);
    if (!row) throw new NotFoundException(TOPIC_NOT_FOUND);
    return { created, bookmark: toBookmarkResponse(row) };
  }

  /** Removing a bookmark that is not there is not an error: the outcome is the same. */
  async remove(userId: string, subjectId: string, nodeId: string): Promise<void> {
    await this.repo.delete(userId, subjectId, nodeId);
  }
}
