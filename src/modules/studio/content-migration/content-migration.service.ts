import { MikroORM } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../../../config/config';
import { InjectConfig } from '../../../config/config.module';
import { join } from 'node:path';
import { AssessmentContentService } from '../../assessment/assessment-content.service';
import { CatalogContentService } from '../../catalog/catalog-content.service';
import { ChallengeContentService } from '../../challenges/content/challenge-content.service';
import { GraphContentService } from '../../graph/content/graph-content.service';
import { LectureContentService } from '../../media/lecture-content.service';
import { ContentSourceSpec, MigrationInput, readBundled, readLegacyRest, SkippedItem } from './content-sources';

export interface SubjectMigrationResult {
  id: string;
  nodes: number;
  created: number;
  updated: number;
  unchanged: number;
  archived: number;
  quizItems: number;
  lectureSections: number | null;
}

export interface MigrationSummary {
  source: string;
  /** nodes written or confirmed unchanged, over all subjects */
  totalMigrated: number;
  subjects: SubjectMigrationResult[];
  challenges: number;
  skipped: SkippedItem[];
  warnings: string[];
  /** Studio-edited topics the import left as the Studio published them */
  keptStudioEdits: { subjectId: string; nodeId: string; title: string }[];
}

export interface MigrationProgress {
  done: number;
  total: number;
  subject?: string;
  totalMigrated: number;
}

/**
 * Imports course content into PostgreSQL through each owning module's service. Every subject
 * is written in its own transaction: a failure leaves that subject exactly as it was. Running
 * it again creates nothing twice (every write is an upsert keyed by the content's own ids) and
 * counts what changed by content hash.
 */
@Injectable()
export class ContentMigrationService {
  private readonly logger = new Logger('ContentMigration');

  constructor(
    private readonly orm: MikroORM,
    private readonly catalog: CatalogContentService,
    private readonly graph: GraphContentService,
    private readonly assessment: AssessmentContentService,
    private readonly lectures: LectureContentService,
    private readonly challenges: ChallengeContentService,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  bundledDir(): string {
    return join(this.config.appRoot, 'content');
  }

  async read(spec: ContentSourceSpec): Promise<MigrationInput> {
    return spec.kind === 'bundled'
      ? readBundled(spec.dir)
      : readLegacyRest(spec.baseUrl, { allowedHosts: this.config.crawl.allowedHosts });
  }

  async run(
    spec: ContentSourceSpec,
    onProgress: (p: MigrationProgress) => Promise<void> | void = () => {},
    signal?: AbortSignal,
    opts: { takePack?: { subjectId: string; nodeId: string }[] } = {},
  ): Promise<MigrationSummary> {
    const input = await this.read(spec);
    // Cancel stops between subjects: each is written in its own transaction, so none is left half done.
    signal?.throwIfAborted();
    const skipped = [...input.skipped];
    const results: SubjectMigrationResult[] = [];
    const keptStudioEdits: MigrationSummary['keptStudioEdits'] = [];
    const total = input.subjects.length + input.challenges.length;
    let done = 0;
    let totalMigrated = 0;

    for (const subject of input.subjects) {
      signal?.throwIfAborted();
      try {
        const result = await this.orm.em.fork().transactional(async (em) => {
          await this.catalog.importSubject(em, subject);
          await this.graph.importModules(em, subject.id, subject.modules);
          const takePack = new Set(
            (opts.takePack ?? []).filter((t) => t.subjectId === subject.id).map((t) => t.nodeId),
          );
          const nodes = await this.graph.importNodes(em, subject.id, subject.nodes, subject.sourceNodeIds, takePack);
          // Studio work survives the import: its topics' content and quiz items are left as published
          const kept = new Set(nodes.kept.map((k) => k.nodeId));
          for (const e of nodes.droppedEdges) {
            skipped.push({
              subject: subject.id,
              id: `${e.nodeId}->${e.prerequisiteId}`,
              reason: `prerequisite ${e.prerequisiteId} is not a node of ${subject.id}`,
            });
          }
          const nodeIds = subject.nodes.map((n) => n.id).filter((id) => !kept.has(id));
          const quizItems = await this.assessment.importQuizItems(
            em,
            subject.id,
            nodeIds,
            subject.quizItems.filter((q) => !kept.has(q.nodeId)),
            subject.skippedQuizIds,
          );
          const lectureSections = subject.lectures
            ? await this.lectures.importSections(em, subject.id, subject.lectures)
            : null;
          const outcomes = Object.values(nodes.outcomes);
          return {
            id: subject.id,
            nodes: outcomes.length,
            created: outcomes.filter((o) => o === 'created').length,
            updated: outcomes.filter((o) => o === 'updated').length,
            unchanged: outcomes.filter((o) => o === 'unchanged').length,
            archived: nodes.archived,
            quizItems,
            lectureSections,
            kept: nodes.kept,
          };
        });
        // committed: the subject's cached published graph (GraphCache) is rebuilt on its next read
        await this.graph
          .contentChanged(subject.id)
          .catch((err: Error) => this.logger.error(`Graph cache of ${subject.id} not invalidated: ${err.message}`));
        const { kept, ...counts } = result;
        results.push(counts);
        keptStudioEdits.push(...kept.map((k) => ({ subjectId: subject.id, nodeId: k.nodeId, title: k.title })));
        totalMigrated += counts.nodes;
      } catch (err) {
        this.logger.error({ err }, `Subject ${subject.id} was not migrated`);
        skipped.push({ subject: subject.id, id: subject.id, reason: `not migrated: ${(err as Error).message}` });
      }
      await onProgress({ done: ++done, total, subject: subject.id, totalMigrated });
    }

    let challenges = 0;
    for (const challenge of input.challenges) {
      signal?.throwIfAborted();
      try {
        await this.orm.em.fork().transactional((em) => this.challenges.importChallenge(em, challenge));
        challenges++;
      } catch (err) {
        skipped.push({
          subject: challenge.subjectId,
          id: challenge.id,
          reason: `not migrated: ${(err as Error).message}`,
        });
      }
      await onProgress({ done: ++done, total, subject: challenge.subjectId, totalMigrated });
    }

    const source = spec.kind === 'bundled' ? 'content folder' : spec.baseUrl;
    this.logger.log(
      `Migrated ${totalMigrated} nodes in ${results.length} subjects and ${challenges} challenges from ${source}; ${skipped.length} skipped`,
    );
    return {
      source,
      totalMigrated,
      subjects: results,
      challenges,
      skipped,
      warnings: input.warnings,
      keptStudioEdits,
    };
  }

  /** For `npm start`: loads the bundled content only into an empty database. */
  async runIfEmpty(): Promise<MigrationSummary | null> {
    const count = await this.catalog.countSubjects(this.orm.em.fork());
    return count > 0 ? null : this.run({ kind: 'bundled', dir: this.bundledDir() });
  }
}
