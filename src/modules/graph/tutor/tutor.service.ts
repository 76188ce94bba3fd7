import {
  HttpException,
  Inject,
  Injectable,
  InternalServerErrorException,
  Logger,
  NotFoundException,
} from '@nestjs/common';
import { AppConfig } from '../../../config/config';
import { InjectConfig } from '../../../config/config.module';
import { RateLimitService } from '../../../common/rate-limit/rate-limit.service';
import { sanitize } from '../../../common/html/sanitize';
import { CatalogService } from '../../catalog/catalog.service';
import { PassageSearchService } from '../sources/passage-search.service';
import { TopicReader } from '../structure/topic-reader.service';
import { TutorVariantResponse } from './dto/tutor.dto';
import { sections, textOf } from './html-text';
import { type RelatedNode, TUTOR_PROVIDER, type TutorAction, type TutorProvider } from './tutor-provider';
import { TutorRepository } from './tutor.repository';

/** What the learner sees when the tutor fails on our side (spec: tutor failure). */
export const TUTOR_ERROR_MESSAGE = 'Sorry, I encountered an error. Please try again.';

const PASSAGES = 3;

@Injectable()
export class TutorService {
  private readonly logger = new Logger(TutorService.name);

  constructor(
    private readonly repo: TutorRepository,
    private readonly topics: TopicReader,
    private readonly catalog: CatalogService,
    private readonly passages: PassageSearchService,
    private readonly rateLimit: RateLimitService,
    @Inject(TUTOR_PROVIDER) private readonly provider: TutorProvider,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  async variant(userId: string, subjectId: string, nodeId: string, action: TutorAction): Promise<TutorVariantResponse> {
    await this.rateLimit.consume({
      name: 'tutor:user',
      key: userId,
      max: this.config.tutor.rateLimitPerMinute,
      windowSeconds: 60,
    });
    try {
      return await this.answer(subjectId, nodeId, action);
    } catch (err) {
      if (err instanceof HttpException && err.getStatus() < 500) throw err;
      // The LLM provider's own error text (502/504) is for operators: in production learners get the spec's message.
      if (err instanceof HttpException && !this.config.isProduction) throw err;
      if (err instanceof HttpException) {
        this.logger.warn({ subjectId, nodeId, action, detail: err.message }, 'tutor provider failed');
        throw new HttpException(TUTOR_ERROR_MESSAGE, err.getStatus());
      }
      this.logger.error({ err, subjectId, nodeId, action }, 'tutor failed');
      throw new InternalServerErrorException(TUTOR_ERROR_MESSAGE);
    }
  }

  private async answer(subjectId: string, nodeId: string, action: TutorAction): Promise<TutorVariantResponse> {
    const [found, subject] = await Promise.all([
      this.repo.findNode(subjectId, nodeId),
      this.catalog.subjectSummary(subjectId),
    ]);
    if (!found || !subject) throw new NotFoundException('Topic not found');
    const node = { ...found, subjectTitle: subject.title };
    // The answer depends on the node's content and on the subject's crawled sources: a
    // publish, an import or a crawl that changes either makes a new cache entry.
    const contentVersion = `${node.contentHash}:${await this.passages.fingerprint(subjectId)}`;
    const cached = await this.repo.findAnswer(subjectId, nodeId, action, contentVersion, this.provider.name);
    if (cached) return { html: cached.html, sources: cached.sources, provider: this.provider.name, cached: true };

    const [prerequisites, dependants, passages] = await Promise.all([
      this.related(subjectId, nodeId, 'prerequisites'),
      this.related(subjectId, nodeId, 'dependants'),
      this.passages.search(subjectId, searchText(node.title, node.summaryHtml, node.lessonHtml), PASSAGES),
    ]);
    const produced = await this.provider.answer({ action, node, prerequisites, dependants, passages });
    const answer = {
      provider: this.provider.name,
      html: sanitize(produced.html),
      sources: produced.sources.filter((s) => /^https?:\/\//i.test(s.url)).map((s) => ({ title: s.title, url: s.url })),
    };
    await this.repo.saveAnswer(subjectId, nodeId, action, contentVersion, answer);
    return { html: answer.html, sources: answer.sources, provider: this.provider.name, cached: false };
  }

  /** What the node builds on, or what builds on it, in reading order. */
  private async related(
    subjectId: string,
    nodeId: string,
    which: 'prerequisites' | 'dependants',
  ): Promise<RelatedNode[]> {
    const topics = await this.topics.liveTopics(subjectId, { summaries: true });
    const self = topics.find((t) => t.id === nodeId);
    const picked =
      which === 'prerequisites'
        ? topics.filter((t) => self?.prerequisites.includes(t.id))
        : topics.filter((t) => t.prerequisites.includes(nodeId));
    return picked.map((t) => ({ id: t.id, title: t.title, summaryHtml: t.summaryHtml ?? '' }));
  }
}

/** The words that say what a node is about: its title (twice, so it weighs more), summary and headings. */
function searchText(title: string, summaryHtml: string, lessonHtml: string): string {
  const headings = sections(lessonHtml)
    .map((s) => s.heading)
    .filter(Boolean)
    .join(' ');
  return `${title} ${title} ${textOf(summaryHtml)} ${headings}`;
}
