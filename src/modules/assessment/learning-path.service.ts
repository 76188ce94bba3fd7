import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { UserDataService } from '../auth/user-data/user-data.service';
import { TopicReader } from '../graph/structure/topic-reader.service';
import { LearningAnswersRepository } from './learning-answers.repository';
import { type LearningPath, learningPath, type PathModule } from './learning-path';
import { MasteryRepository } from './mastery.repository';
import { type OpenAttemptRecord, QuizRepository } from './quiz.repository';

/** The path with the learner's open attempts (where a test would resume). */
export interface LearnerPath extends LearningPath {
  subjectId: string;
  openAttempts: OpenAttemptRecord[];
}

/** What `GET /api/me/unlocks` answers: the modules opened beyond the first, and the locked ones with their reason. */
export interface ModuleUnlocks {
  subjectId: string;
  modules: string[];
  locked: { id: string; title: string; reason: string }[];
}

/**
 * The learner's path through a course (README "Learning path", "Modules and soft locks"): which topics are
 * complete and ready, which modules are open, and what comes next. The rules are `learning-path.ts`; this
 * service reads what they need: live topics and modules, levels, first check answers, unlocks.
 */
@Injectable()
export class LearningPathService {
  constructor(
    private readonly em: EntityManager,
    private readonly topics: TopicReader,
    private readonly mastery: MasteryRepository,
    private readonly answers: LearningAnswersRepository,
    private readonly userData: UserDataService,
    private readonly quizzes: QuizRepository,
  ) {}

  /** The path as `em` sees it (a caller's transaction sees its own writes). */
  async compute(userId: string, subjectId: string, after?: string, em: EntityManager = this.em): Promise<LearningPath> {
    const inTx = em !== this.em;
    const reads = [
      () => this.topics.liveTopics(subjectId),
      () => this.topics.modules(subjectId),
      () => this.mastery.topicRows(em, userId, subjectId),
      () => this.answers.checkCounts(em, userId, subjectId),
      () => this.userData.unlockSources(userId, subjectId),
    ] as const;
    // a transaction's one connection runs one query at a time
    const [topics, modules, levels, checks, unlocks] = inTx
      ? [await reads[0](), await reads[1](), await reads[2](), await reads[3](), await reads[4]()]
      : await Promise.all([reads[0](), reads[1](), reads[2](), reads[3](), reads[4]()]);
    return learningPath({
      topics: topics.map((t) => ({ id: t.id, title: t.title, moduleId: t.moduleId, prerequisites: t.prerequisites })),
      modules,
      levels: new Map(levels.map((l) => [l.skillId, Number(l.pKnown)])),
      checks: new Map(checks.map((c) => [c.nodeId, c])),
      unlocks,
      after,
    });
  }

  /** `GET /api/users/me/path`. */
  async path(userId: string, subjectId: string, after?: string): Promise<LearnerPath> {
    const [path, openAttempts] = await Promise.all([
      this.compute(userId, subjectId, after),
      this.quizzes.openAttempts(userId, subjectId),
    ]);
    return { subjectId, ...path, openAttempts };
  }

  /** The soft lock of each module. */
  async modules(userId: string, subjectId: string): Promise<PathModule[]> {
    return (await this.compute(userId, subjectId)).modules;
  }

  /** `GET /api/me/unlocks`: modules opened beyond the first (by mastery or an unlock), and the locked ones. */
  async unlocks(userId: string, subjectId: string): Promise<ModuleUnlocks> {
    const modules = await this.modules(userId, subjectId);
    return {
      subjectId,
      modules: modules.filter((m) => m.openedBy === 'mastery' || m.openedBy === 'unlock').map((m) => m.id),
      locked: modules.filter((m) => m.locked).map((m) => ({ id: m.id, title: m.title, reason: m.reason ?? '' })),
    };
  }

  /** Topics the learner studied (answered a check item of, in a check or practice), as `em` sees it. */
  studiedTopics(em: EntityManager, userId: string, subjectId: string): Promise<Set<string>> {
    return this.answers.studiedTopics(em, userId, subjectId);
  }

  /** A topic's check (first answers) as `em` sees it. */
  async topicCheck(em: EntityManager, userId: string, subjectId: string, nodeId: string) {
    const [row] = await this.answers.checkCounts(em, userId, subjectId, [nodeId]);
    return { total: row?.total ?? 0, answered: row?.answered ?? 0, correct: row?.correct ?? 0 };
  }
}
