import { Injectable } from '@nestjs/common';
import { UserDataRepository } from './user-data.repository';

/** The caller's own unlocks and tags, as the graph page shows them. */
@Injectable()
export class UserDataService {
  constructor(private readonly repo: UserDataRepository) {}

  async unlocks(userId: string, subjectId: string): Promise<{ subjectId: string; modules: string[] }> {
    return { subjectId, modules: await this.repo.unlockedModules(userId, subjectId) };
  }

  async tags(userId: string): Promise<{ tags: string[] }> {
    return { tags: await this.repo.tags(userId) };
  }
}
