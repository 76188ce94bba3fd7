import { Injectable } from '@nestjs/common';
import { type Achievement, achievementOf, parseTag } from '../auth/user-data/achievements';
import { UserDataService } from '../auth/user-data/user-data.service';
import { CatalogService } from '../catalog/catalog.service';
import { TopicReader } from '../graph/structure/topic-reader.service';

/**
 * The learner's tags as they understand them (docs/learning-loop-api.md §7): gating's achievements named
 * by their course and module, and the staff tags staff chose to show. Here rather than in auth, which
 * owns the tags, because the names are the catalog's and the graph's (auth may not depend on the catalog).
 */
@Injectable()
export class AchievementsService {
  constructor(
    private readonly userData: UserDataService,
    private readonly catalog: CatalogService,
    private readonly structure: TopicReader,
  ) {}

  async mine(userId: string): Promise<Achievement[]> {
    const rows = await this.userData.learnerTags(userId);
    const subjects = [
      ...new Set(rows.flatMap((r) => (r.source === 'gating' ? [parseTag(r.tag)?.subjectId ?? ''] : []))),
    ].filter(Boolean);
    const named = await Promise.all(
      subjects.map(async (id) => {
        const [summary, modules] = await Promise.all([this.catalog.subjectSummary(id), this.structure.modules(id)]);
        return [id, { name: summary?.name ?? null, modules: new Map(modules.map((m) => [m.id, m.title])) }] as const;
      }),
    );
    const bySubject = new Map(named);
    return rows.map((r) =>
      achievementOf(r, {
        subjectName: (id) => bySubject.get(id)?.name ?? null,
        moduleTitle: (subjectId, moduleId) => bySubject.get(subjectId)?.modules.get(moduleId) ?? null,
      }),
    );
  }
}
